/**
 * Plain text from the small HTML fragments Reddit embeds in feeds and attributes. Not a
 * general HTML parser: block ends become line breaks, tags are dropped, entities decoded.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
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
};

function codePointText(codePoint: number, original: string): string {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : original;
}

/** Decodes named (common set) and numeric character references; unknown ones stay as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (original, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return codePointText(parseInt(name.slice(2), 16), original);
    if (name.startsWith('#')) return codePointText(parseInt(name.slice(1), 10), original);
    return NAMED_ENTITIES[name.toLowerCase()] ?? original;
  });
}

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
