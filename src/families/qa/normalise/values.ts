/** Small value rules shared by the normalisers: every field of an API object is read as optional. */

export const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
export const booleanOrNull = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
export const objectOrNull = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Unix seconds as ISO 8601 UTC to the second, null when absent. */
export const isoFromUnix = (value: unknown): string | null => {
  const seconds = numberOrNull(value);
  return seconds === null ? null : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
};

/** A link as https (2012 answers link `http://`); null when it is not a web address. */
export function httpsLink(value: unknown): string | null {
  const url = URL.parse(stringOrNull(value) ?? '');
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  url.protocol = 'https:';
  return url.href;
}

/** A per-site id: `{site}:{number}`. */
export const siteId = (site: string, value: unknown): string | null => {
  const id = numberOrNull(value);
  return id === null ? null : `${site}:${id}`;
};

/** The tags as sent (`c#`, `.net`). */
export const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
