/**
 * What raw may carry of an answer. Stream URLs (googlevideo.com) are signed for the address that
 * asked, so they would hand the gateway's egress address and a working stream to every caller:
 * every key that holds them is dropped, and with them the player's tracking, configuration, ads
 * and the response context (which names the asking address too). Any other string still naming
 * googlevideo.com is dropped wherever it is.
 */

const DROPPED_KEYS: ReadonlySet<string> = new Set([
  'streamingData',
  'watchEndpointSupportedOnesieConfig',
  'playbackTracking',
  'playerConfig',
  'storyboards',
  'adPlacements',
  'adSlots',
  'playerAds',
  'responseContext',
  'heartbeatParams',
]);
const STREAM_HOST = /googlevideo\.com/i;
/** Deeper than any answer nests; what lies below is dropped rather than walked. */
const MAX_DEPTH = 64;

export function withoutPrivateParts(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof value === 'string') return STREAM_HOST.test(value) ? undefined : value;
  if (Array.isArray(value)) {
    return value.map((item) => withoutPrivateParts(item, depth + 1)).filter((item) => item !== undefined);
  }
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key)) continue;
    const clean = withoutPrivateParts(item, depth + 1);
    if (clean !== undefined) kept[key] = clean;
  }
  return kept;
}
