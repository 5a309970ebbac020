/** Defensive readers of optional upstream values: anything but the expected type is absent. */

export type Json = Record<string, unknown>;

export const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** A non-empty trimmed string, else null (es-entity's bodies write null as `{}`). */
export const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;

export const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Distinct non-empty strings, in first-seen order. */
export function distinct(values: Iterable<string | null>): string[] {
  const seen = new Set<string>();
  for (const value of values) if (value !== null) seen.add(value);
  return [...seen];
}

/** A UTC timestamp already in ISO form (`Z`, `+00:00` or zoneless), its fraction kept as given (PyPI's microseconds). */
const UTC_ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d{1,9})?(?:Z|[+-]00:?00)?$/i;

/**
 * An ISO 8601 UTC time from a registry's timestamp: `Z` or offset forms, and PyPI's zoneless
 * `upload_time` (which is UTC). Null for anything unreadable.
 */
export function isoTime(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const utc = UTC_ISO.exec(raw);
  if (utc && !Number.isNaN(Date.parse(`${utc[1]}T${utc[2]}Z`))) return `${utc[1]}T${utc[2]}${utc[3] ?? ''}Z`;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
