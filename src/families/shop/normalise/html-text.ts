import { decodeHtmlEntities, TYPOGRAPHIC_ENTITIES } from '../../../upstream/html-entities.js';

/**
 * A product description as text. Stores write long HTML (headings, lists, iframes, inline
 * styles, `<!-- split -->` markers); the text keeps what a reader sees: tags dropped, a block
 * element ends its line, entities decoded, runs of spaces (non-breaking ones too) collapsed.
 * Not a general HTML parser: enough for description fragments, never executed or rendered.
 */

const NAMED: Readonly<Record<string, string>> = {
  ...TYPOGRAPHIC_ENTITIES,
  trade: '\u2122',
  reg: '\u00ae',
  copy: '\u00a9',
  deg: '\u00b0',
  times: '\u00d7',
  eacute: '\u00e9',
};

const BLOCK = /^(?:p|div|h[1-6]|li|ul|ol|tr|table|section|article|blockquote|pre|header|footer|figure|figcaption|dd|dt|dl)$/;

const decodeEntities = (value: string): string => decodeHtmlEntities(value, NAMED);

/** The text of a description's HTML; null when nothing readable is left. */
export function descriptionText(html: string | null): string | null {
  if (html === null) return null;
  const flat = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?([a-z][a-z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, (_tag, name: string) => {
      const lower = name.toLowerCase();
      return lower === 'br' || BLOCK.test(lower) ? '\n' : '';
    });
  const text = decodeEntities(flat)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return text === '' ? null : text;
}
