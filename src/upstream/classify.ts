import type { BlockPageMarkers } from '../catalogue/family.js';
import { GatewayError } from '../errors.js';
import type { UpstreamResponse } from '../catalogue/upstream.js';

/**
 * The one place where an upstream answer becomes a failure code. Block pages and
 * challenges are never successes, whatever their status.
 */

/** Challenges any platform may put in front of its pages; each family adds its own markers. */
const COMMON_MARKERS: BlockPageMarkers = {
  markers: [/awswaf|aws-waf-token|challenge\.js/i], // AWS WAF JavaScript challenge
  titles: [/blocked/i],
};

/** A challenge page is small; a real page that merely mentions a marker is not blocked. */
const CHALLENGE_PAGE_MAX_BYTES = 64 * 1024;

/**
 * The platform's Retry-After is advice passed on to the caller, bounded: a value of years
 * (or a far-future date) from a misbehaving upstream must not become the gateway's own.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** What the gateway advises when a rate-limiting upstream (platform or provider) gives no Retry-After: one figure for the whole gateway. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A bot challenge (AWS WAF) announces itself in a header, whatever the status and body. */
export const isBotChallenge = (headers: Record<string, string>): boolean => headers['x-amzn-waf-action'] !== undefined;

export function retryAfterSeconds(headers: Record<string, string>): number | undefined {
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil((date - Date.now()) / 1000)));
}

function looksLikeHtml(response: UpstreamResponse): boolean {
  const type = response.headers['content-type'] ?? '';
  return type.includes('html') || /^\s*</.test(response.body.slice(0, 200));
}

function isBlockPage(response: UpstreamResponse, family: BlockPageMarkers): boolean {
  if (isBotChallenge(response.headers)) return true;
  if (!looksLikeHtml(response)) return false;
  const head = response.body.slice(0, CHALLENGE_PAGE_MAX_BYTES);
  if (response.body.length > CHALLENGE_PAGE_MAX_BYTES && response.status < 300) {
    // A full page: only its title can say it is a bot page.
    const title = /<title>([^<]*)<\/title>/i.exec(head)?.[1];
    return title !== undefined && [...(COMMON_MARKERS.titles ?? []), ...(family.titles ?? [])].some((marker) => marker.test(title));
  }
  return [...(COMMON_MARKERS.markers ?? []), ...(family.markers ?? [])].some((marker) => marker.test(head));
}

/**
 * Returns the failure an upstream response stands for, or null when the response is a
 * usable answer (2xx, or a status the caller said it interprets itself).
 */
export function classifyResponse(
  response: UpstreamResponse,
  passStatuses: readonly number[] = [],
  blockPages: BlockPageMarkers = {},
): GatewayError | null {
  const { status } = response;
  const details = { upstreamStatus: status, host: safeHost(response.url) };
  // A family that reads the platform's own rate-limit headers (its reset time) may interpret 429 itself.
  if (status === 429 && !passStatuses.includes(429)) {
    return new GatewayError('upstream_rate_limited', 'The platform rate-limited the request; retry later.', {
      details,
      retryAfter: retryAfterSeconds(response.headers) ?? DEFAULT_RETRY_AFTER_SECONDS,
    });
  }
  if (status === 202 && isBotChallenge(response.headers)) {
    return new GatewayError('upstream_blocked', 'The platform answered with a bot challenge.', { details });
  }
  if (isBlockPage(response, blockPages)) {
    return new GatewayError('upstream_blocked', 'The platform answered with a block page.', { details });
  }
  if (status >= 200 && status < 300) {
    return status === 202 && response.body.trim() === ''
      ? new GatewayError('upstream_blocked', 'The platform answered 202 with no content (a challenge).', { details })
      : null;
  }
  if (passStatuses.includes(status)) return null;
  if (status === 401 || status === 403) {
    return new GatewayError('upstream_blocked', `The platform refused the request (HTTP ${status}).`, { details });
  }
  if (status >= 500) {
    return new GatewayError('upstream_blocked', `The platform failed to answer (HTTP ${status}).`, { details });
  }
  return new GatewayError('upstream_schema_drift', `The platform answered with an unexpected HTTP ${status}.`, { details });
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
