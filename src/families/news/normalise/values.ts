/** Small value rules shared by the normalisers. */

/** Unix seconds as ISO 8601 UTC to the second (`2007-04-04T19:16:40Z`), null when absent. */
export const isoFromUnix = (seconds: number | null | undefined): string | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** HN sends "" or null for unset text: both read as null. */
export const textOrNull = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** An http(s) link as sent, else null (a job's `url: ""`, anything that is not a web address). */
export function linkOrNull(value: string | null | undefined): string | null {
  const text = textOrNull(value)?.trim();
  if (text === undefined) return null;
  const url = URL.parse(text);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? text : null;
}
