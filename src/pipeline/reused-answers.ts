import { createHash } from 'node:crypto';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../catalogue/upstream.js';
import type { Cache } from '../state/ports.js';

/**
 * Upstream answers a family asks to reuse (`UpstreamRequest.reuse`), kept in the gateway's shared
 * result cache: the same store for every process, bounded and expiring like the results, so a
 * side request (a store's name and currency beside its products) is made once per period for all
 * of them instead of once per process.
 */

/** The longest answer kept: a side document, not a page of results. */
export const MAX_REUSED_ANSWER_CHARS = 256 * 1024;

/** The cache key of a GET's answer: its URL and what else makes the answer differ. */
export function reusedAnswerKey(request: UpstreamRequest): string {
  const identity = JSON.stringify([request.url, request.headers ?? {}, request.passStatuses ?? [], request.bodyReader?.id ?? null]);
  return `upstream-answer?${createHash('sha256').update(identity).digest('base64url')}`;
}

function readAnswer(body: string): UpstreamResponse | null {
  try {
    const answer = JSON.parse(body) as Partial<UpstreamResponse>;
    return typeof answer.status === 'number' && typeof answer.body === 'string' && typeof answer.url === 'string'
      ? { status: answer.status, headers: answer.headers ?? {}, body: answer.body, url: answer.url }
      : null;
  } catch {
    return null;
  }
}

/**
 * `upstream` with the reuse of answers: a GET with `reuse` is answered from the cache when an
 * answer at most `reuse.maxAgeMs` old is there, else fetched; a 2xx answer fetched for such a GET
 * is stored (when it is no longer than MAX_REUSED_ANSWER_CHARS). Other requests pass through.
 */
export function reusingAnswers(upstream: Upstream, cache: Cache, now: () => number): Upstream {
  return {
    async fetch(request) {
      const { reuse, ...live } = request;
      if (reuse === undefined || (request.method ?? 'GET') !== 'GET') return upstream.fetch(live);
      const key = reusedAnswerKey(live);
      if (reuse.maxAgeMs > 0) {
        const minFetchedAt = now() - reuse.maxAgeMs;
        const kept = await cache.get(key, { minFetchedAt });
        const answer = kept !== null && Date.parse(kept.fetchedAt) >= minFetchedAt ? readAnswer(kept.body) : null;
        if (answer !== null) return answer;
      }
      const answer = await upstream.fetch(live);
      if (answer.status >= 200 && answer.status < 300 && answer.body.length <= MAX_REUSED_ANSWER_CHARS) {
        await cache.set(key, { body: JSON.stringify(answer), raw: '', fetchedAt: new Date(now()).toISOString() });
      }
      return answer;
    },
  };
}
