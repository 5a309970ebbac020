/** Small conversions shared by the forum normalisers. */

/** Reddit's epoch seconds as ISO 8601, or null when absent or not a finite number. */
export function isoFromEpochSeconds(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return new Date(seconds * 1000).toISOString();
}

/** Any date text (Atom's `2023-07-23T17:38:30+00:00`) as ISO 8601 UTC; null when unreadable. */
export function isoFromDateText(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A non-empty string, else null (Reddit uses "" for "none"). */
export function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value;
}

/** An absolute http(s) URL, else null (Reddit puts words such as "self" or "nsfw" in URL fields). */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return /^https?:\/\/\S+$/i.test(value.trim()) ? value.trim() : null;
}

/** Reddit's placeholder author of deleted content is not a handle. */
export function authorHandle(author: string | null | undefined): string | null {
  const value = nonEmpty(author);
  return value === null || value === '[deleted]' ? null : value;
}

/** Strips a kind prefix (t1_, t2_, t3_, t5_) from a fullname. */
export function stripKind(fullname: string): string {
  return fullname.replace(/^t\d_/, '');
}
