import type { AccountUsage, ApiKeyRecord, StateAdapters } from '../state/ports.js';

/** Charges listed by the account view. */
const RECENT_CHARGES = 20;

/** What every door shows for "my account": balance, today's use (UTC day), daily cap and recent charges. */
export async function readAccount(
  state: Pick<StateAdapters, 'ledger'>,
  account: ApiKeyRecord,
): Promise<{ usage: AccountUsage; view: Record<string, unknown> }> {
  const [usage, recent] = await Promise.all([
    state.ledger.usage(account.id, account.dailyCap),
    state.ledger.history(account.id, RECENT_CHARGES),
  ]);
  return { usage, view: { accountId: account.id, ...usage, recentUsage: recent } };
}
