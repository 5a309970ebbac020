import { decodeHtmlEntities } from '../atom/html-text.js';

/**
 * The community page of new Reddit renders a <shreddit-subreddit-header> element whose
 * attributes carry the community's name, title and description and, since 2025, weekly
 * activity (`weekly-active-users`, `weekly-contributions`) instead of subscriber counts.
 * Attribute names have changed over time, so several spellings are accepted and every
 * field is optional; only the element itself is required.
 */

const HEADER_TAG = 'shreddit-subreddit-header';

/** Reads the attributes of the first `<tagName ...>` start tag, honouring quoted values. */
export function startTagAttributes(html: string, tagName: string): Map<string, string> | null {
  const start = html.search(new RegExp(`<${tagName}[\\s>/]`, 'i'));
  if (start < 0) return null;
  let end = start + tagName.length + 1;
  let quote: string | null = null;
  for (; end < html.length; end += 1) {
    const char = html[end];
    if (quote !== null) quote = char === quote ? null : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '>') break;
  }
  const attributes = new Map<string, string>();
  const body = html.slice(start + tagName.length + 1, end);
  for (const match of body.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** "1.2k", "12,345" and "3M" as numbers; null when the text is not a count. */
export function parseCount(text: string | undefined): number | null {
  const match = /^\s*([\d.,]+)\s*([kKmMbB])?\s*$/.exec(text ?? '');
  if (!match) return null;
  const value = Number((match[1] ?? '').replaceAll(',', ''));
  if (!Number.isFinite(value)) return null;
  const factor = { k: 1e3, m: 1e6, b: 1e9 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Math.round(value * factor);
}

/** What the header shows; `attributes` keeps every attribute as read, for raw. */
export interface SubredditHeader {
  /** t5 id without the prefix, when the page names it. */
  id: string | null;
  name: string | null;
  title: string | null;
  description: string | null;
  iconUrl: string | null;
  bannerUrl: string | null;
  weeklyVisitors: number | null;
  weeklyContributions: number | null;
  attributes: Record<string, string>;
}

function first(attributes: Map<string, string>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = attributes.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/** Parses the header element of a community page; null when the page has none. */
export function parseSubredditHeader(html: string): SubredditHeader | null {
  const attributes = startTagAttributes(html, HEADER_TAG);
  if (attributes === null) return null;
  const idText = first(attributes, ['subreddit-id', 'id']) ?? /subreddit-id="(t5_[a-z0-9]+)"/i.exec(html)?.[1] ?? null;
  const prefixed = first(attributes, ['prefixed-name'])?.replace(/^r\//i, '') ?? null;
  return {
    id: idText !== null && /^t5_[a-z0-9]+$/i.test(idText) ? idText.slice(3).toLowerCase() : null,
    name: first(attributes, ['name']) ?? prefixed,
    title: first(attributes, ['title', 'display-name']),
    description: first(attributes, ['description', 'public-description']),
    iconUrl: first(attributes, ['icon', 'icon-url', 'community-icon', 'icon-img']),
    bannerUrl: first(attributes, ['banner-background-image', 'banner-url', 'banner-img', 'banner']),
    weeklyVisitors: parseCount(first(attributes, ['weekly-active-users', 'weekly-visitors']) ?? undefined),
    weeklyContributions: parseCount(first(attributes, ['weekly-contributions']) ?? undefined),
    attributes: Object.fromEntries(attributes),
  };
}
