import type { FetchContext } from '../../../catalogue/results.js';
import { wholeBody } from './whole-body.js';
import { schemaDrift } from '../../../errors.js';
import { readRetryAfter, type AnswerBudgetReader } from '../../../upstream/budget/read-budget.js';
import { retryAfterSeconds } from '../../../upstream/classify.js';
import { DEFAULT_THROTTLE_SECONDS, ITUNES_HOST, MAX_APPLE_BYTES, PODCASTS_USER_AGENT } from '../constants.js';

/**
 * Apple's Search and Lookup API. Apple answers JSON as `text/javascript` (the type is ignored);
 * its throttle is a 403 (sometimes a 429) with the same body as "no results", so the status is
 * read before any body: the budget reader spends the host on it, and the upstream client answers
 * 429 upstream_rate_limited in every process until the wait passes, never an empty result.
 */

export type AppleRecord = Record<string, unknown>;

/**
 * Apple's 403 or 429, or a feed host's 429, spends that host for its Retry-After (60 s without
 * one); any other answer's Retry-After is read as usual. A feed host's 403 is a refusal, not a throttle.
 */
export const readPodcastsBudget: AnswerBudgetReader = (headers, nowMs, status, answer) => {
  const host = answer === undefined ? null : URL.parse(answer.url)?.hostname.toLowerCase();
  const throttled = status === 429 || (status === 403 && host === ITUNES_HOST);
  if (!throttled) return readRetryAfter(headers, nowMs);
  const stated = retryAfterSeconds(headers);
  const seconds = stated === undefined || stated <= 0 ? DEFAULT_THROTTLE_SECONDS : stated;
  return { remaining: 0, resetAtMs: nowMs + seconds * 1000 };
};

const APPLE_BODY = wholeBody('podcasts-apple', MAX_APPLE_BYTES);

/** GETs `/search` or `/lookup` and returns Apple's `results`; an answer without them is upstream_schema_drift. */
export async function itunesResults(ctx: FetchContext, path: '/search' | '/lookup', query: Record<string, string>): Promise<AppleRecord[]> {
  const url = `https://${ITUNES_HOST}${path}?${new URLSearchParams(query).toString()}`;
  const response = await ctx.upstream.fetch({
    url,
    headers: { accept: 'application/json, text/javascript', 'user-agent': PODCASTS_USER_AGENT },
    bodyReader: APPLE_BODY,
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw schemaDrift("Apple's answer was not JSON.", { url });
  }
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw schemaDrift("Apple's answer had no results list.", { url });
  return results.filter((record): record is AppleRecord => typeof record === 'object' && record !== null && !Array.isArray(record));
}

/** The show record of a lookup (`kind` podcast, its collectionId), or null when Apple has none. */
export async function lookupShow(ctx: FetchContext, id: string, country: string): Promise<AppleRecord | null> {
  const results = await itunesResults(ctx, '/lookup', { id, country });
  return results.find((record) => String(record.collectionId) === id && record.kind === 'podcast') ?? null;
}

/** The episode record of a lookup (`wrapperType` podcastEpisode, its trackId), or null when Apple has none. */
export async function lookupEpisode(ctx: FetchContext, id: string, country: string): Promise<AppleRecord | null> {
  const results = await itunesResults(ctx, '/lookup', { id, entity: 'podcastEpisode', country });
  return results.find((record) => String(record.trackId) === id && record.wrapperType === 'podcastEpisode') ?? null;
}
