import { decodeHtmlEntities } from '../../../upstream/html-entities.js';

/**
 * Feed HTML (show notes, escaped or in CDATA) as plain text, by the family's rule: `<br>`,
 * `</p>`, `</div>` and `</li>` end a line, every other tag goes (its text stays; scripts and
 * styles go whole), entities are decoded, and whitespace collapses within each line. Tracking
 * pixels and links leave nothing behind. Never rendered or executed.
 */

const LINE_END = /^(?:br|\/p|\/div|\/li)$/i;

/** Decodes numeric and the common named references; an unknown name is left as written. */
export const decodeEntities = (text: string): string => decodeHtmlEntities(text);

/** The text of an HTML fragment, lines kept; null when nothing readable is left. */
export function htmlToText(html: string | null): string | null {
  if (html === null) return null;
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(\/?[A-Za-z][A-Za-z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*\/?>/g, (_tag, name: string) => (LINE_END.test(name) ? '\n' : ''));
  const text = decodeEntities(withoutTags)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return text === '' ? null : text;
}
