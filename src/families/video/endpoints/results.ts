import { emptyListResult, emptySingleResult } from '../../../catalogue/empty-results.js';
import type { ListResult, Pagination, SingleResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import { withoutPrivateParts } from '../normalise/privacy.js';
import type { InnertubeAnswer } from '../upstream/innertube.js';

/** Pieces every video endpoint shares: empty results, pages, raw payloads and a refused cursor. */

export const emptySingle = (reason: string, raw: Record<string, unknown> = {}): SingleResult<never> =>
  emptySingleResult(reason, { via: 'innertube', ...raw });

export const emptyList = (reason: string, raw: Record<string, unknown> = {}): ListResult<never> =>
  emptyListResult(reason, { via: 'innertube', ...raw });

/** `hasMore` exactly when the platform sent a continuation. */
export const pageOf = (continuation: string | null): Pagination => ({ cursor: continuation, hasMore: continuation !== null });

/** An answer as raw may carry it: no stream URL, tracking or address anywhere. */
export const payloadOf = (answer: InnertubeAnswer | null): unknown => (answer?.kind === 'ok' ? withoutPrivateParts(answer.json) : null);

/** InnerTube could not read the caller's cursor (HTTP 400): the caller's input, not a failure. */
export const refusedCursor = () =>
  invalidParam('cursor', 'cursor was not accepted by the platform: pass the pagination.cursor of a previous response unchanged.');
