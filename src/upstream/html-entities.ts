/**
 * Character references in platform text. Many APIs send titles, names and places HTML-encoded
 * (`&#39;`, `&quot;`, `&amp;`, `&#235;`) even in JSON; this decodes them once, and leaves alone
 * anything that is not a reference it knows, so text that merely contains `&` survives.
 */

/** The named references platforms actually send; an unknown name stays as written. */
const NAMED: Readonly<Record<string, string>> = {
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

const REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,7});/g;

/** A numeric reference's character: a Unicode scalar value other than NUL; anything else stays as written. */
function characterOf(code: number, written: string): string {
  const scalar = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return scalar ? String.fromCodePoint(code) : written;
}

/** Decodes named (`&amp;`) and numeric (`&#39;`, `&#x27;`) character references, in one pass (no double decoding). */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (written, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return characterOf(Number.parseInt(name.slice(2), 16), written);
    if (name.startsWith('#')) return characterOf(Number(name.slice(1)), written);
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? written;
  });
}
