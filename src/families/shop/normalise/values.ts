/** Defensive readers of upstream JSON values: anything of another type reads as absent. */

export type Json = Record<string, unknown>;

export const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;

export const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A string with content (Shopify sends `""` for an unset field: that is null). */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A platform id as a string: Shopify's ids are integers (up to 14 digits) or numeric strings. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return value;
  return null;
}

export const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** Tags: an array of strings, or (the single-product `.json` form) one comma-separated string. */
export function tagsOf(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : array(value);
  return items.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : []));
}
