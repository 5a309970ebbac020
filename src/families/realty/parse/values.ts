import { BASIC_ENTITIES, decodeHtmlEntities } from '../../../upstream/html-entities.js';

/** Small value readers shared by the Redfin parsers. */

/** Redfin wraps many values as `{value, level}` (level is a display permission); this reads the value. */
export function unwrapLevel(value: unknown): unknown {
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    ('level' in value || 'displayLevel' in value || 'value' in value)
  ) {
    return (value as { value?: unknown }).value;
  }
  return value;
}

/** Epoch milliseconds (Redfin's eventDate, lastUpdatedDate, soldDate) as ISO 8601, or null. */
export function epochMsToIso(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Trimmed text with the HTML entities Redfin leaves in remarks (e.g. `&amp;`) decoded, or null when empty. */
export function cleanText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = decodeHtmlEntities(value, BASIC_ENTITIES).trim();
  return text === '' ? null : text;
}

/** An absolute https URL for a Redfin path (`/bc/school/...`) or an already absolute URL. */
export function absoluteUrl(origin: string, value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (/^https?:\/\//i.test(value)) return value;
  return value.startsWith('/') ? origin + value : null;
}

/** A number from text such as "0.4" or "4,026"; null when it is not one. */
export function numberFromText(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Joins the present parts of an address into one line: "line1, city, region postal". */
export function formatAddress(line1: string | null, city: string | null, region: string | null, postalCode: string | null): string | null {
  const tail = [region, postalCode].filter((part): part is string => part !== null && part !== '').join(' ');
  const parts = [line1, city, tail].filter((part): part is string => part !== null && part !== '');
  return parts.length === 0 ? null : parts.join(', ');
}

/** Non-null, non-empty strings of a list, duplicates dropped, order kept. */
export function distinctStrings(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value !== ''))];
}
