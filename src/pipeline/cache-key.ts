import { createHash } from 'node:crypto';

/** Keys already computed for a parameter object; validated parameters are frozen and reused by the validation memo. */
const known = new WeakMap<object, { path: string; key: string }>();

/**
 * Results are public, so one entry serves every key. The key is the endpoint path and its
 * validated parameters (defaults applied, so `limit` omitted and `limit=25` share an entry).
 */
export function cacheKey(path: string, params: Record<string, unknown>): string {
  const remembered = known.get(params);
  if (remembered !== undefined && remembered.path === path) return remembered.key;
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  );
  const key = `${path}?${createHash('sha256').update(canonical).digest('base64url')}`;
  // Only frozen objects are remembered: a mutable one could change after its key was taken.
  if (Object.isFrozen(params)) known.set(params, { path, key });
  return key;
}
