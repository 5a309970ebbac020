/**
 * Character references in the HTML and XML fragments platforms send (descriptions, captions,
 * attributes). Numeric references decode to their character; a named one decodes when the
 * caller's table names it. Anything else stays as written: an unknown name, a reference to no
 * character (zero, a surrogate half, beyond U+10FFFF) and a run too long to be one.
 */

/** The references every HTML and XML text may carry; a non-breaking space reads as a space. */
export const BASIC_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The basic references and the typographic ones editors write (dashes, quotes, ellipsis). */
export const TYPOGRAPHIC_ENTITIES: Readonly<Record<string, string>> = {
  ...BASIC_ENTITIES,
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
};

/** A hex reference of up to 6 digits, a decimal one of up to 7, or a name of 2 to 8 letters. */
const REFERENCE = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi;

const isCharacter = (code: number) => code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);

/** `text` with its references decoded, names looked up case-insensitively in `named`. */
export function decodeHtmlEntities(text: string, named: Readonly<Record<string, string>> = BASIC_ENTITIES): string {
  return text.replace(REFERENCE, (whole, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return isCharacter(code) ? String.fromCodePoint(code) : whole;
  });
}
