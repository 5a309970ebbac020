import type { Expected } from './faults.js';

/**
 * Checks that describe what is wrong instead of stopping at the first mismatch, so one
 * failing matrix row lists every endpoint it fails on.
 */

export interface RestResponse {
  status: number;
  headers: Headers;
  body: Record<string, any>;
}

const summary = (response: RestResponse) => `${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;

/**
 * Requests to one host after its 429 meet the budget that answer spent, counted down since: on a
 * busy machine a few seconds may have passed, never more, and the wait never grows.
 */
const RETRY_AFTER_SLACK_SECONDS = 5;
const retryAfterFits = (header: string | null, expected: number): boolean =>
  header !== null && /^\d+$/.test(header) && Number(header) <= expected && Number(header) >= expected - RETRY_AFTER_SLACK_SECONDS;

/** The error envelope of the expected code, 0 credits everywhere it is said. */
export function faultProblems(label: string, response: RestResponse, expected: Expected): string[] {
  const problems: string[] = [];
  const { body } = response;
  if (response.status !== expected.status || body.error?.code !== expected.code)
    problems.push(`${label}: expected ${expected.status} ${expected.code}, got ${summary(response)}`);
  if (body.success !== false || typeof body.error?.message !== 'string' || typeof body.error?.retryable !== 'boolean')
    problems.push(`${label}: not an error envelope: ${summary(response)}`);
  if (body.meta?.creditsCharged !== 0) problems.push(`${label}: meta.creditsCharged ${body.meta?.creditsCharged}`);
  if (response.headers.get('x-credits-charged') !== '0')
    problems.push(`${label}: x-credits-charged ${response.headers.get('x-credits-charged')}`);
  if (expected.retryAfter !== undefined && !retryAfterFits(response.headers.get('retry-after'), Number(expected.retryAfter))) {
    problems.push(`${label}: Retry-After ${response.headers.get('retry-after')}, expected ${expected.retryAfter}`);
  }
  return problems;
}

/** A live, paid, non-empty success: 1 credit, not from the cache. */
export function paidProblems(label: string, response: RestResponse, credits = 1): string[] {
  const problems: string[] = [];
  const { body } = response;
  if (response.status !== 200 || body.success !== true) return [`${label}: expected a paid success, got ${summary(response)}`];
  if (body.meta?.cached !== false) problems.push(`${label}: served from the cache (meta.cached ${body.meta?.cached})`);
  if (body.meta?.empty) problems.push(`${label}: empty result (${body.meta.reason})`);
  if (body.meta?.creditsCharged !== credits) problems.push(`${label}: meta.creditsCharged ${body.meta?.creditsCharged}`);
  if (response.headers.get('x-credits-charged') !== String(credits))
    problems.push(`${label}: x-credits-charged ${response.headers.get('x-credits-charged')}`);
  return problems;
}
