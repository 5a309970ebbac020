/**
 * Feed HTML (show notes, escaped or in CDATA) as plain text, by the family's rule: `<br>`,
 * `</p>`, `</div>` and `</li>` end a line, every other tag goes (its text stays; scripts and
 * styles go whole), entities are decoded, and whitespace collapses within each line. Tracking
 * pixels and links leave nothing behind. Never rendered or executed.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
};

const LINE_END = /^(?:br|\/p|\/div|\/li)$/i;

/** Decodes numeric and the common named entities; an unknown name is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

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
