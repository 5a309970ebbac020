import type { AccountUsage, ApiKeyRecord, StateAdapters } from '../state/ports.js';

/** Charges listed by the account view. */
const RECENT_CHARGES = 20;
/** Entries searched for one request id: every entry the ledgers keep per account. */
const KEPT_USAGE = 1000;

/**
 * What every door shows for "my account": balance, today's use (UTC day), daily cap and recent
 * charges; with a request id, that request's entries instead (empty when it stands uncharged),
 * which is where an answer that could not confirm its charge points its caller.
 */
export async function readAccount(
  state: Pick<StateAdapters, 'ledger'>,
  account: ApiKeyRecord,
  requestId?: string,
): Promise<{ usage: AccountUsage; view: Record<string, unknown> }> {
  const [usage, entries] = await Promise.all([
    state.ledger.usage(account.id, account.dailyCap),
    state.ledger.history(account.id, requestId === undefined ? RECENT_CHARGES : KEPT_USAGE),
  ]);
  const recentUsage = requestId === undefined ? entries : entries.filter((entry) => entry.requestId === requestId);
  return { usage, view: { accountId: account.id, ...usage, recentUsage } };
}
