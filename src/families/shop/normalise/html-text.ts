/**
 * A product description as text. Stores write long HTML (headings, lists, iframes, inline
 * styles, `<!-- split -->` markers); the text keeps what a reader sees: tags dropped, a block
 * element ends its line, entities decoded, runs of spaces (non-breaking ones too) collapsed.
 * Not a general HTML parser: enough for description fragments, never executed or rendered.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  trade: '\u2122',
  reg: '\u00ae',
  copy: '\u00a9',
  deg: '\u00b0',
  times: '\u00d7',
  eacute: '\u00e9',
};

const BLOCK = /^(?:p|div|h[1-6]|li|ul|ol|tr|table|section|article|blockquote|pre|header|footer|figure|figcaption|dd|dt|dl)$/;

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

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
