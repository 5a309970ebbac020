import type { XmlElement } from '../../../upstream/xml-stream.js';
import { CONTENT_NAMESPACE, ITUNES_NAMESPACE, PODCAST_NAMESPACES } from '../constants.js';

/**
 * Which vocabulary a feed element belongs to. A prefix bound where it is read is matched by its
 * URI (the itunes URI in any case, either Podcasting 2.0 address); an undeclared prefix by its
 * usual name, since feeds often use `itunes:` or `atom:` without declaring them.
 */
export type Vocabulary = 'rss' | 'itunes' | 'podcast' | 'content' | 'other';

const PODCAST_URIS = new Set(PODCAST_NAMESPACES.map((uri) => uri.toLowerCase()));

export function vocabularyOf(element: XmlElement): Vocabulary {
  if (element.uri === null) {
    if (element.prefix === '') return 'rss';
    if (element.prefix === 'itunes' || element.prefix === 'podcast' || element.prefix === 'content') return element.prefix;
    return 'other';
  }
  const uri = element.uri.toLowerCase();
  if (uri === ITUNES_NAMESPACE) return 'itunes';
  if (PODCAST_URIS.has(uri)) return 'podcast';
  if (uri === CONTENT_NAMESPACE) return 'content';
  // A default namespace on an RSS document leaves its own elements unprefixed.
  return element.prefix === '' ? 'rss' : 'other';
}

/** `vocabulary:local`, e.g. `itunes:duration`, `rss:title`: what the readers switch on. */
export const keyOf = (element: XmlElement): string => `${vocabularyOf(element)}:${element.local}`;

/** An element's text trimmed, null when empty. */
export function textOf(element: XmlElement | undefined): string | null {
  const text = element?.text.trim() ?? '';
  return text === '' ? null : text;
}

/** An http(s) URL, or null: feeds put anything in link fields. */
export function httpUrl(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  const url = URL.parse(text);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? text : null;
}

/** `yes`, `true` (any case): a block or a flag set. */
export const isYes = (text: string | null): boolean => text !== null && /^(?:yes|true)$/i.test(text);
