import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { invalidParam } from '../errors.js';
import type { ValidatedRequest } from './params.js';

/** The request header, as every door hands it in (lower case, as Node gives header names). */
export const CACHE_CONTROL_HEADER = 'cache-control';

/**
 * RFC 9111 asks a recipient to read a larger delta-seconds as this one; it also keeps the
 * cache step's arithmetic in milliseconds exact.
 */
const LARGEST_DELTA_SECONDS = 2_147_483_648;

const MAX_AGE = /^max-age\s*=\s*(.*)$/i;

/**
 * The default cache_max_age (in seconds) a request's `Cache-Control` header gives every data
 * call it makes: `max-age=N` accepts a stored answer no older than N seconds, as HTTP means it.
 * Null when the calls fetch live: no header, no max-age, `max-age=0` or `no-cache` (which asks
 * for a fresh answer whatever max-age says). Other directives are ignored. A max-age that is
 * not a whole number of seconds, or is given twice, is refused with 400 naming the header,
 * before the request is admitted, so nothing is fetched or charged.
 */
export function cacheMaxAgeFromHeader(value: string | string[] | undefined): number | null {
  if (value === undefined) return null;
  const directives = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
  const maxAges = directives.flatMap((directive) => MAX_AGE.exec(directive)?.[1] ?? []);
  if (maxAges.length > 1) throw malformed(`max-age is given ${maxAges.length} times`);
  const text = maxAges[0]?.trim().replace(/^"(.*)"$/, '$1');
  if (text !== undefined && !/^\d+$/.test(text)) throw malformed(`max-age must be a whole number of seconds, got ${JSON.stringify(text)}`);
  if (directives.some((directive) => directive.toLowerCase() === 'no-cache')) return null;
  const seconds = text === undefined ? 0 : Math.min(Number(text), LARGEST_DELTA_SECONDS);
  return seconds > 0 ? seconds : null;
}

function malformed(reason: string) {
  return invalidParam(CACHE_CONTROL_HEADER, `Invalid header \`${CACHE_CONTROL_HEADER}\`: ${reason}.`);
}

/**
 * The request a call runs: its own cache_max_age when it gave one (an explicit parameter always
 * wins), else the request's default. An endpoint that is never cached takes no default, so the
 * header never turns into the refusal an explicit cache_max_age gets there.
 */
export function withDefaultCacheMaxAge(
  endpoint: EndpointDefinition,
  request: ValidatedRequest,
  defaultSeconds: number | null | undefined,
): ValidatedRequest {
  if (request.cacheMaxAgeSeconds !== null || defaultSeconds == null || !endpoint.flags.cacheable) return request;
  return { ...request, cacheMaxAgeSeconds: defaultSeconds };
}
