import type { FetchContext } from '../../../catalogue/results.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { parseStatus } from '../input/refs.js';
import { isOptedOut } from '../normalise/consent.js';
import { shownStatus } from '../normalise/post.js';
import { statusSchema, type Status } from '../schemas/mastodon.js';
import { getApi, type ApiAnswer } from '../upstream/api.js';
import { parseShape } from './results.js';

export type StatusLookup =
  | { kind: 'status'; host: string; url: string; status: Status; body: unknown }
  | { kind: 'empty'; answer: Extract<ApiAnswer, { kind: 'empty' }> }
  | { kind: 'refused'; url: string; reason: string };

/** The status a caller's URL names, by `/api/v1/statuses/ID` on its host; a reblog reads as its original. */
export async function lookupStatus(ctx: FetchContext, input: string): Promise<StatusLookup> {
  const ref = parseStatus(input, 'url');
  const answer = await getApi(ctx, { host: ref.host, param: 'url' }, `/api/v1/statuses/${encodeURIComponent(ref.id)}`);
  if (answer.kind === 'empty') return { kind: 'empty', answer };
  const status = parseShape(statusSchema, answer.body, 'status');
  if (isOptedOut(status.account) || isOptedOut(shownStatus(status).account))
    return { kind: 'refused', url: answer.url, reason: OPTED_OUT_REASON };
  return { kind: 'status', host: ref.host, url: answer.url, status, body: answer.body };
}
