import { decodeHtmlEntities } from '../../../upstream/html-entities.js';

/**
 * A post body's HTML as text: tags go and their text stays (a link keeps its text, an image goes),
 * `<br>` and the ends of p, pre, li, h1-h6, blockquote and hr break lines, entities are decoded
 * once at the end (so `&lt;div&gt;` in a code block reads `<div>`), and the result is trimmed.
 * Code blocks keep their own line breaks and indentation.
 */

const BREAK_AFTER = /<\/(p|pre|li|h[1-6]|blockquote)\s*>|<(br|hr)\b[^>]*>/gi;
const TAG = /<\/?[a-z][a-z0-9]*\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;

export function bodyToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(BREAK_AFTER, (tag) => `${tag}\n`)
    .replace(TAG, '');
  return decodeHtmlEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A title, name or place as the safe filter sends it (HTML-encoded), decoded; null when absent or blank. */
export function decodedText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = decodeHtmlEntities(value).trim();
  return text === '' ? null : text;
}
