import { decodeHtmlEntities as decodeReferences, TYPOGRAPHIC_ENTITIES } from '../../../upstream/html-entities.js';

/**
 * Plain text from the small HTML fragments Reddit embeds in feeds and attributes. Not a
 * general HTML parser: block ends become line breaks, tags are dropped, entities decoded.
 */

/** The typographic references, a non-breaking space kept as one (line folding turns it into a space). */
const NAMED_ENTITIES: Readonly<Record<string, string>> = { ...TYPOGRAPHIC_ENTITIES, nbsp: '\u00a0' };

/** Decodes named (common set) and numeric character references; unknown ones stay as written. */
export const decodeHtmlEntities = (text: string): string => decodeReferences(text, NAMED_ENTITIES);

/** Converts an HTML fragment to readable text; returns "" for a fragment with no text. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|ul|ol|h[1-6]|blockquote|pre|tr|table)>/gi, '\n\n');
  const text = decodeHtmlEntities(withBreaks.replace(/<[^>]*>/g, ''));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
