import { createHash } from 'node:crypto';

/**
 * Results are public, so one entry serves every key. The key is the endpoint path and its
 * validated parameters (defaults applied, so `limit` omitted and `limit=25` share an entry).
 */
export function cacheKey(path: string, params: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(params).sort().map((name) => [name, params[name]]));
  return `${path}?${createHash('sha256').update(canonical).digest('base64url')}`;
}
