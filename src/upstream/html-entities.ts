/**
 * Character references in platform text. Many APIs send titles, names and places HTML-encoded
 * (`&#39;`, `&quot;`, `&amp;`, `&#235;`) even in JSON; this decodes them once, and leaves alone
 * anything that is not a reference it knows, so text that merely contains `&` survives.
 */

/** The named references platforms actually send; an unknown name stays as written. */
export const COMMON_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  middot: '\u00b7',
  bull: '\u2022',
  times: '\u00d7',
  euro: '\u20ac',
  pound: '\u00a3',
};

/** Only the references every HTML and XML text may carry; a non-breaking space reads as a space. */
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

const REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,7});/g;

/** A numeric reference's character: a Unicode scalar value other than NUL; anything else stays as written. */
function characterOf(code: number, written: string): string {
  const scalar = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return scalar ? String.fromCodePoint(code) : written;
}

/**
 * Decodes named (`&amp;`) and numeric (`&#39;`, `&#x27;`) character references, in one pass (no
 * double decoding). A name decodes when `named` has it: a family whose platform's text keeps a
 * smaller set, or reads a non-breaking space as a space, passes its own table.
 */
export function decodeHtmlEntities(text: string, named: Readonly<Record<string, string>> = COMMON_ENTITIES): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (written, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return characterOf(Number.parseInt(name.slice(2), 16), written);
    if (name.startsWith('#')) return characterOf(Number(name.slice(1)), written);
    return named[name] ?? named[name.toLowerCase()] ?? written;
  });
}
