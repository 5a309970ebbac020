/**
 * Reading InnerTube's loosely typed JSON: every field is optional and may change shape, so each
 * read checks what it finds and falls back to null.
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const objectAt = (value: unknown, ...path: (string | number)[]): Json | null => {
  const found = at(value, ...path);
  return isObject(found) ? found : null;
};
export const arrayAt = (value: unknown, ...path: (string | number)[]): unknown[] => {
  const found = at(value, ...path);
  return Array.isArray(found) ? found : [];
};
export const stringAt = (value: unknown, ...path: (string | number)[]): string | null => {
  const found = at(value, ...path);
  return typeof found === 'string' && found !== '' ? found : null;
};

/** The value at a path of keys and indexes, or undefined. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? current[step] : undefined;
    else current = isObject(current) ? current[step] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The text of any of InnerTube's text shapes: a string, `{simpleText}`, `{runs:[{text}]}` or a
 * view model's `{content}`; null when there is none.
 */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (!isObject(value)) return null;
  if (typeof value.simpleText === 'string') return value.simpleText === '' ? null : value.simpleText;
  if (typeof value.content === 'string') return value.content === '' ? null : value.content;
  if (Array.isArray(value.runs)) {
    const text = value.runs.map((run) => (isObject(run) && typeof run.text === 'string' ? run.text : '')).join('');
    return text === '' ? null : text;
  }
  return null;
}

/** A count as the platform writes it, and whether it was rounded. */
export interface ReadCount {
  value: number | null;
  approximate: boolean;
}

const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9 };
const ABBREVIATED = /^(\d+(?:\.\d+)?)\s*([kmb])\b/i;
const EXACT = /^\d{1,3}(?:,\d{3})+(?!\d)|^\d+(?![\d.,])/;

/**
 * A count from its text: digits are exact ("1,856,109 views", "382"), an abbreviation is parsed
 * and marked approximate ("2.7K", "3.68M", "895k", "25m"), "No views" is 0, no text (hidden) null.
 */
export function countOf(value: unknown): ReadCount {
  if (typeof value === 'number') return { value: Number.isFinite(value) && value >= 0 ? Math.round(value) : null, approximate: false };
  const text = (textOf(value) ?? '').trim().replace(/^along with\s+/i, '');
  if (text === '') return { value: null, approximate: false };
  if (/^no\b/i.test(text)) return { value: 0, approximate: false };
  const abbreviated = ABBREVIATED.exec(text);
  if (abbreviated) {
    const value = Math.round(Number(abbreviated[1]) * MULTIPLIERS[abbreviated[2]!.toLowerCase()]!);
    return { value, approximate: true };
  }
  const exact = EXACT.exec(text);
  return exact ? { value: Number(exact[0].replace(/,/g, '')), approximate: false } : { value: null, approximate: false };
}

/** A whole number of seconds from "1:02:09", "5:17" or "0:58"; null for anything else. */
export function clockSeconds(text: string | null): number | null {
  if (text === null || !/^\d{1,3}(?::\d{1,2}){1,2}$/.test(text.trim())) return null;
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/** A positive whole number of seconds from a digit string; "0" and anything else null. */
export function secondsOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const seconds = Number(text);
  return seconds > 0 ? seconds : null;
}

/** The URL of the widest image of a thumbnail list (`thumbnails` or a view model's `sources`). */
export function widestImage(value: unknown): string | null {
  const list = Array.isArray(value) ? value : [...arrayAt(value, 'thumbnails'), ...arrayAt(value, 'sources')];
  let best: { url: string; width: number } | null = null;
  for (const image of list) {
    if (!isObject(image) || typeof image.url !== 'string' || image.url === '') continue;
    const width = typeof image.width === 'number' ? image.width : 0;
    if (best === null || width > best.width) best = { url: image.url, width };
  }
  if (best === null) return null;
  return best.url.startsWith('//') ? `https:${best.url}` : best.url;
}

/** `#words` of the texts in order, without duplicates (case kept as first written). */
export function hashtagsOf(...texts: (string | null)[]): string[] {
  return distinct(
    texts.flatMap((text) => [...(text ?? '').matchAll(/(?:^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,100})/gu)].map((match) => match[1]!)),
  );
}

/** `@handles` of a text in order, without duplicates. */
export function mentionsOf(text: string | null): string[] {
  return distinct(
    [...(text ?? '').matchAll(/(?:^|[^\p{L}\p{N}_.@/])@([A-Za-z0-9._-]{3,30})/gu)].map((match) => match[1]!.replace(/\.+$/, '')),
  );
}

function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (/^\d+$/.test(value) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A handle from a `/@name` path or URL (no @); null for `/user/`, `/c/` and channel-id URLs. */
export function handleOfPath(value: string | null): string | null {
  if (value === null) return null;
  const match = /(?:^|youtube\.com)\/@([^/?#]+)/i.exec(value);
  return match ? decodeURIComponentSafe(match[1]!) : null;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
