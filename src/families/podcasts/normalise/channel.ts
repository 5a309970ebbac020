import type { XmlElement } from '../../../upstream/xml-stream.js';
import { httpUrl, isYes, keyOf, textOf } from './feed-elements.js';

/** What the family reads of a feed's channel (its elements before the first item, or all of them). */
export interface ChannelInfo {
  title: string | null;
  link: string | null;
  description: string | null;
  summary: string | null;
  author: string | null;
  /** `itunes:category` texts in order, a subcategory after its parent. */
  categories: string[];
  /** From `itunes:explicit`; null when absent or unreadable. */
  explicit: boolean | null;
  language: string | null;
  type: string | null;
  imageUrl: string | null;
  /** The publisher's opt-out: `itunes:block` yes, or `podcast:block` yes without an `id` (every platform). */
  blocked: boolean;
}

export const emptyChannel = (): ChannelInfo => ({
  title: null,
  link: null,
  description: null,
  summary: null,
  author: null,
  categories: [],
  explicit: null,
  language: null,
  type: null,
  imageUrl: null,
  blocked: false,
});

/** `yes`/`true`/`explicit` true, `no`/`false`/`clean` false, else null. */
export function explicitOf(text: string | null): boolean | null {
  if (text === null) return null;
  if (/^(?:yes|true|explicit)$/i.test(text)) return true;
  if (/^(?:no|false|clean)$/i.test(text)) return false;
  return null;
}

function categoriesOf(element: XmlElement, into: string[]): void {
  const name = element.attributes.text?.trim();
  if (name) into.push(name);
  for (const child of element.children) if (keyOf(child) === 'itunes:category') categoriesOf(child, into);
}

/** Folds one channel element into `channel` (the first occurrence of a field wins). */
export function readChannelElement(channel: ChannelInfo, element: XmlElement): void {
  const text = textOf(element);
  switch (keyOf(element)) {
    case 'rss:title':
      channel.title ??= text;
      break;
    case 'rss:link':
      channel.link ??= httpUrl(text);
      break;
    case 'rss:description':
      channel.description ??= text;
      break;
    case 'itunes:summary':
      channel.summary ??= text;
      break;
    case 'itunes:author':
      channel.author ??= text;
      break;
    case 'itunes:category':
      categoriesOf(element, channel.categories);
      break;
    case 'itunes:explicit':
      channel.explicit ??= explicitOf(text);
      break;
    case 'rss:language':
      channel.language ??= text;
      break;
    case 'itunes:type':
      channel.type ??= text;
      break;
    case 'itunes:image':
      channel.imageUrl ??= httpUrl(element.attributes.href);
      break;
    case 'itunes:block':
      if (isYes(text)) channel.blocked = true;
      break;
    case 'podcast:block':
      if (isYes(text) && element.attributes.id === undefined) channel.blocked = true;
      break;
    default:
  }
}
