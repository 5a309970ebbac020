import { BASIC_ENTITIES, decodeHtmlEntities } from '../../../upstream/html-entities.js';

/**
 * Mastodon's `content` and `note` are small HTML: `<p>` paragraphs, `<br>`, mention and hashtag
 * links (`class="u-url mention"`, `class="mention hashtag"`) and other links whose visible text
 * the server shortens with `invisible` and `ellipsis` spans. The plain text keeps line breaks and
 * paragraphs, a mention or hashtag as its text (`@user`, `#Tag`), any other link as its href (the
 * real link, not the shortened text), drops every other tag and decodes the entities.
 */

const TAG = /<(\/?)([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const BLOCK_ENDS = new Set(['p', 'blockquote', 'pre']);
/** Stands for a paragraph end until the text is assembled (none survives from the input). */
const PARAGRAPH = '\u0000';

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  const value = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
  return value === undefined || value === '' ? null : value;
}

const keepsText = (attributes: string) => /\b(?:mention|hashtag)\b/.test(attribute(attributes, 'class') ?? '');

interface OpenLink {
  /** The href to print instead of the text, or null when the text is kept. */
  href: string | null;
  text: string;
}

/** Walks the tags once; `onLink` hears each other link's href (entities decoded). */
function flatten(html: string, onLink?: (href: string) => void): string {
  let out = '';
  let at = 0;
  let link: OpenLink | null = null;
  const close = () => {
    if (link) out += link.href ?? link.text;
    link = null;
  };
  for (const match of html.matchAll(TAG)) {
    const between = html.slice(at, match.index);
    at = match.index + match[0].length;
    if (link) (link as OpenLink).text += between;
    else out += between;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    const attributes = match[3] ?? '';
    if (name === 'a' && !closing) {
      close();
      const href = keepsText(attributes) ? null : attribute(attributes, 'href');
      link = { href, text: '' };
      if (href !== null) onLink?.(decodeHtmlEntities(href, BASIC_ENTITIES));
    } else if (name === 'a') close();
    else if (name === 'br') {
      if (link) (link as OpenLink).text += '\n';
      else out += '\n';
    } else if (closing && BLOCK_ENDS.has(name)) {
      close();
      out += PARAGRAPH;
    }
  }
  const tail = html.slice(at);
  if (link) (link as OpenLink).text += tail;
  else out += tail;
  close();
  return out;
}

/** Plain text of a Mastodon HTML field; `""` when nothing is left. */
export function htmlToText(html: string | null | undefined): string {
  if (typeof html !== 'string' || html === '') return '';
  const flat = flatten(html.replaceAll(PARAGRAPH, ''));
  const paragraphs = flat
    .split(PARAGRAPH)
    .map((part) => decodeHtmlEntities(part, BASIC_ENTITIES).trim())
    .filter((part) => part !== '');
  return paragraphs.join('\n\n');
}

/** The hrefs of the links that are not mentions or hashtags, in order (a profile field's links). */
export function linksOf(html: string | null | undefined): string[] {
  const hrefs: string[] = [];
  if (typeof html === 'string') flatten(html, (href) => hrefs.push(href));
  return hrefs;
}
