import { createHash } from 'node:crypto';

/**
 * Fields dropped before hashing, at any depth, because they change on every fetch without the
 * content changing:
 * - `fetchedAt`: the time this gateway fetched the data. Every live check stamps a new one, so
 *   keeping it would make every check a "change" (and charge for it).
 * - `raw`: the untouched upstream payload. It carries the platform's own bookkeeping (request
 *   ids, tracking tokens, cache-busting timestamps, field order) that the normalised data
 *   deliberately leaves out; what a subscriber watches is the unified data, not the wire bytes.
 */
const VOLATILE_FIELDS: ReadonlySet<string> = new Set(['fetchedAt', 'raw']);

/**
 * The stable hash of normalised content: sha256 (hex) of a canonical JSON in which object keys
 * are sorted recursively and volatile fields are dropped. Array order is kept on purpose: a
 * reordering (a post moving up a listing) is a change a subscriber wants to hear about.
 * `undefined` object members are left out as JSON.stringify would; null is a value like any other,
 * so an empty result (data null, items []) hashes like any other content.
 */
export function contentHash(data: unknown, unhashedFields: readonly string[] = []): string {
  return createHash('sha256')
    .update(canonicalJson(data, unhashedFields.length === 0 ? VOLATILE_FIELDS : new Set([...VOLATILE_FIELDS, ...unhashedFields])))
    .digest('hex');
}

/**
 * The canonical JSON text contentHash() digests; exported for tests and debugging. `dropped`: the
 * volatile fields, plus any an endpoint declares are no change (its change report's `unhashedFields`).
 */
export function canonicalJson(value: unknown, dropped: ReadonlySet<string> = VOLATILE_FIELDS): string {
  if (value === null || typeof value !== 'object') {
    // Numbers, strings and booleans as JSON writes them; undefined at the top stays distinguishable from null.
    return value === undefined ? 'undefined' : JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    // JSON writes undefined array members as null; so do we, positions are content.
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item, dropped))).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => !dropped.has(key) && record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], dropped)}`);
  return `{${members.join(',')}}`;
}
