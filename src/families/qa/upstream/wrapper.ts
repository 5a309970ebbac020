import { z } from 'zod';
import { GatewayError, invalidParam, schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { BACKOFF_VIOLATION_SECONDS } from '../constants.js';
import { MAX_RETRY_AFTER_SECONDS } from '../../../upstream/classify.js';

/**
 * Every API answer is one JSON wrapper: `items` and the economy (`has_more`, `quota_max`,
 * `quota_remaining`, `backoff`) on success; `error_id`, `error_name`, `error_message` on failure,
 * always as HTTP 400 (the error_id, not the status, says what went wrong). Fields the filter or
 * the data lacks are absent, never null, so every field is read as optional.
 */
export const wrapperSchema = z.looseObject({
  items: z.array(z.looseObject({})).optional(),
  has_more: z.boolean().optional(),
  quota_max: z.number().optional(),
  quota_remaining: z.number().optional(),
  backoff: z.number().optional(),
  error_id: z.number().optional(),
  error_name: z.string().optional(),
  error_message: z.string().optional(),
});
export type Wrapper = z.infer<typeof wrapperSchema>;

/** The wrapper of a body, or null when it is not a JSON object. */
export function readWrapper(body: string): Wrapper | null {
  if (!/^\s*\{/.test(body)) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = wrapperSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const DAY_MS = 86_400_000;

/** Seconds until 00:00 UTC, when the daily quota resets. */
export function secondsToNextUtcMidnight(nowMs: number): number {
  return Math.ceil((DAY_MS - (nowMs % DAY_MS)) / 1000);
}

/** A throttle_violation's wait: "more requests available in N seconds" names it; null when it names none. */
export function throttleSeconds(message: string | undefined): number | null {
  const seconds = /available in (\d{1,7}) seconds?/i.exec(message ?? '')?.[1];
  return seconds === undefined ? null : Number(seconds);
}

/** Whether a throttle_violation is about the back-off the API asked for (the method, not the address). */
export const isBackoffViolation = (message: string | undefined): boolean => /backoff/i.test(message ?? '');

/** A successful answer's wrapper with its items, or the failure the answer stands for. */
export function answerOf(response: UpstreamResponse, nowMs = Date.now()): Wrapper & { items: Record<string, unknown>[] } {
  const details = { upstreamStatus: response.status };
  const wrapper = readWrapper(response.body);
  if (wrapper?.error_id !== undefined || wrapper?.error_name !== undefined) throw errorOf(wrapper, response.status, nowMs);
  if (response.status !== 200 && response.status !== 400)
    throw new GatewayError('upstream_blocked', `The API answered HTTP ${response.status}.`, { details });
  if (response.status === 400)
    throw new GatewayError('upstream_blocked', 'The API answered HTTP 400 without its error wrapper.', { details });
  if (wrapper === null) throw schemaDrift('The API answer was not a JSON object.', details);
  if (wrapper.items === undefined) throw schemaDrift('The API answer had no items.', details);
  return wrapper as Wrapper & { items: Record<string, unknown>[] };
}

/** The gateway error an API error wrapper stands for; error_id and error_name decide, never the HTTP status. */
export function errorOf(wrapper: Wrapper, status: number, nowMs: number): GatewayError {
  const name = wrapper.error_name ?? '';
  const message = wrapper.error_message ?? '';
  const details = { upstreamStatus: status, errorId: wrapper.error_id ?? null, errorName: name || null };
  if (name === 'bad_parameter' && /no site found/i.test(message))
    return invalidParam('site', `No Stack Exchange site answers to this site name (the API says: ${message.slice(0, 200)}).`);
  if (name === 'bad_parameter' || name === 'no_method' || wrapper.error_id === 400 || wrapper.error_id === 404)
    return schemaDrift(`The API refused a request the gateway built (${name || wrapper.error_id}): ${message.slice(0, 200)}`, details);
  if (name === 'throttle_violation' || wrapper.error_id === 502) {
    const seconds = isBackoffViolation(message) ? BACKOFF_VIOLATION_SECONDS : (throttleSeconds(message) ?? secondsToNextUtcMidnight(nowMs));
    return new GatewayError('upstream_rate_limited', 'The Stack Exchange API throttled the request; retry later. Nothing was charged.', {
      retryAfter: Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds)),
      details,
    });
  }
  return new GatewayError('upstream_blocked', `The API refused the request (${name || wrapper.error_id}).`, { details });
}
