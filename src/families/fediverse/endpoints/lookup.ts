import type { FetchContext } from '../../../catalogue/results.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { parseAccount } from '../input/refs.js';
import { isOptedOut } from '../normalise/consent.js';
import { accountSchema, type Account } from '../schemas/mastodon.js';
import { getApi, type ApiAnswer } from '../upstream/api.js';
import { parseShape } from './results.js';

export type Lookup =
  | { kind: 'account'; host: string; url: string; account: Account; body: unknown }
  | { kind: 'empty'; answer: Extract<ApiAnswer, { kind: 'empty' }> }
  /** Served but not to be shown: opted out or suspended; nothing of it kept. */
  | { kind: 'refused'; url: string; reason: string };

/** The account a caller named, by `/api/v1/accounts/lookup` on the host named. */
export async function lookupAccount(ctx: FetchContext, input: string): Promise<Lookup> {
  const ref = parseAccount(input, 'account');
  const answer = await getApi(ctx, { host: ref.host, param: 'account' }, '/api/v1/accounts/lookup', { acct: ref.acct });
  if (answer.kind === 'empty') return { kind: 'empty', answer };
  const account = parseShape(accountSchema, answer.body, 'account lookup');
  if (isOptedOut(account)) return { kind: 'refused', url: answer.url, reason: OPTED_OUT_REASON };
  if (account.suspended === true) return { kind: 'refused', url: answer.url, reason: 'account_suspended' };
  return { kind: 'account', host: ref.host, url: answer.url, account, body: answer.body };
}
