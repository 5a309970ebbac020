import type { HTMLElement } from 'node-html-parser';

/** Reading helpers for the trending pages' markup. */

/** An element's text with runs of whitespace collapsed; null when blank. */
export function textOf(element: HTMLElement | null | undefined): string | null {
  const value = element?.text.replace(/\s+/g, ' ').trim() ?? '';
  return value === '' ? null : value;
}

/** "240,084" or "1.2k" as a number; null when the text holds no count. */
export function countOf(value: string | null | undefined): number | null {
  const match = /(\d[\d,]*(?:\.\d+)?)\s*([kKmM]?)/.exec(value ?? '');
  if (!match) return null;
  const base = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(base)) return null;
  const scale = match[2]!.toLowerCase() === 'k' ? 1000 : match[2]!.toLowerCase() === 'm' ? 1_000_000 : 1;
  return Math.round(base * scale);
}

/** The platform's record id a link's click-tracking attribute carries (repository or account id). */
export function recordIdOf(element: HTMLElement | null | undefined): string | null {
  const tracking = element?.getAttribute('data-hydro-click') ?? '';
  return /"record_id"\s*:\s*(\d{1,20})/.exec(tracking)?.[1] ?? null;
}

/** A site-relative link's path segments ("/owner/name" -> ["owner", "name"]); [] for anything else. */
export function pathSegments(href: string | undefined): string[] {
  if (href === undefined || !href.startsWith('/') || href.startsWith('//')) return [];
  const path = href.split(/[?#]/)[0] ?? '';
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return [];
  }
}
