/**
 * The origins a publishable key is served on: `scheme://host[:port]` exactly, or with `*.` as
 * the host's first label standing for one DNS label (`https://*.example.com` matches
 * `https://app.example.com`, not `https://example.com` nor `https://a.b.example.com`).
 */

const MAX_ORIGINS = 50;
const MAX_ORIGIN_LENGTH = 253 + 20;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PATTERN = new RegExp(`^(https?)://(\\*\\.)?(${LABEL}(?:\\.${LABEL})*)(:\\d{1,5})?$`);

/** A list of origin patterns as an operator typed it (comma-separated), checked and normalised; throws RangeError naming the bad one. */
export function parseOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((each) => each.trim().toLowerCase())
    .filter((each) => each !== '');
  if (origins.length === 0) throw new RangeError('give at least one origin, e.g. https://app.example.com');
  if (origins.length > MAX_ORIGINS) throw new RangeError(`at most ${MAX_ORIGINS} origins per key`);
  for (const origin of origins) {
    const match = origin.length <= MAX_ORIGIN_LENGTH ? PATTERN.exec(origin) : null;
    if (!match)
      throw new RangeError(
        `"${origin}" is not an origin: scheme://host[:port] with no path, e.g. https://app.example.com or https://*.example.com`,
      );
    const port = match[4] ? Number(match[4].slice(1)) : null;
    if (port !== null && (port < 1 || port > 65535)) throw new RangeError(`"${origin}" has no valid port`);
  }
  return [...new Set(origins)];
}

/** Whether a request's Origin header value is one the patterns allow. */
export function originAllowed(patterns: readonly string[], origin: string): boolean {
  const presented = origin.toLowerCase();
  for (const pattern of patterns) {
    if (pattern === presented) return true;
    if (!pattern.includes('://*.')) continue;
    const [scheme, rest] = pattern.split('://*.') as [string, string];
    const prefix = `${scheme}://`;
    if (!presented.startsWith(prefix) || !presented.endsWith(`.${rest}`)) continue;
    const label = presented.slice(prefix.length, presented.length - rest.length - 1);
    if (new RegExp(`^${LABEL}$`).test(label)) return true;
  }
  return false;
}
