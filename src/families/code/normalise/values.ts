/** Small value rules shared by the normalisers. */

/** The platform sends "" for unset text fields in older answers: both read as null. */
export function textOrNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.trim() === '' ? null : value;
}

/** An ISO 8601 time kept as sent when it parses, else null. */
export function timeOrNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(Date.parse(value))) return null;
  return value;
}

/** An http(s) URL kept as sent (a bare host gains https://), else null: a `javascript:` blog field is not a link. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  const text = textOrNull(value)?.trim();
  if (text === undefined) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  const url = URL.parse(withScheme);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? withScheme : null;
}
