import { BASIC_ENTITIES, decodeHtmlEntities } from '../../../upstream/html-entities.js';

/**
 * HN's text fields are small HTML: `<p>` between paragraphs (Firebase leaves them unclosed,
 * Algolia closes them), `<i>`, `<pre><code>` with literal newlines, and `<a href>` links whose
 * visible text HN shortens with "...". The plain text keeps paragraphs as blank lines, a link
 * as its whole href, the text of every other tag, and decodes the entities.
 */

/** Decodes named (`&amp;`) and numeric (`&#x27;`, `&#39;`) references; anything else stays as written. */
export const decodeEntities = (text: string): string => decodeHtmlEntities(text, BASIC_ENTITIES);

const TAG = /<(\/?)([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const PARAGRAPH = '\u0000';

/** The href as written (entities still encoded: the whole text is decoded once, afterwards). */
function hrefOf(attributes: string): string | null {
  const match = HREF.exec(attributes);
  const value = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
  return value === undefined || value === '' ? null : value;
}

/** Walks the tags once: paragraph marks, links as their hrefs, other tags dropped; `onLink` hears each decoded href. */
function flatten(html: string, onLink?: (href: string) => void): string {
  let out = '';
  let at = 0;
  let link: { href: string | null; text: string } | null = null;
  for (const match of html.matchAll(TAG)) {
    const between = html.slice(at, match.index);
    at = match.index + match[0].length;
    if (link) link.text += between;
    else out += between;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    if (name === 'a' && !closing) {
      if (link) out += link.href ?? link.text;
      link = { href: hrefOf(match[3] ?? ''), text: '' };
      if (link.href !== null) onLink?.(decodeEntities(link.href));
    } else if (name === 'a' && link) {
      out += link.href ?? link.text;
      link = null;
    } else if (name === 'p') out += PARAGRAPH;
    else if (name === 'br') out += '\n';
  }
  const tail = html.slice(at);
  // An unclosed link runs to the end: its text is the link's, shown as its href.
  out += link ? (link.href ?? link.text + tail) : tail;
  return out;
}

/** Plain text of an HN HTML field; null when nothing is left. */
export function htmlToText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  // Leading spaces stay (a `<pre><code>` block keeps its indentation); blank lines around a paragraph go.
  const text = decodeEntities(flatten(html.replaceAll(PARAGRAPH, '')))
    .split(PARAGRAPH)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph !== '')
    .join('\n\n')
    .trim();
  return text === '' ? null : text;
}

/** The http(s) links of an HN HTML field (a profile's `about`), in order, each once. */
export function linksIn(html: string | null | undefined): string[] {
  if (!html) return [];
  const links: string[] = [];
  flatten(html, (href) => {
    if (/^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
  });
  return links;
}
