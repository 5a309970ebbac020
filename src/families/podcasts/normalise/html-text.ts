import { decodeHtmlEntities } from '../../../upstream/html-entities.js';
import { htmlToLines } from '../../../upstream/html-text.js';

/**
 * Feed HTML (show notes, escaped or in CDATA) as plain text, by the family's rule: `<br>`,
 * `</p>`, `</div>` and `</li>` end a line, every other tag goes (its text stays; scripts and
 * styles go whole), entities are decoded, and whitespace collapses within each line. Tracking
 * pixels and links leave nothing behind. Never rendered or executed.
 */

const SHOW_NOTES = { lineEnds: /^(?:br|\/p|\/div|\/li)$/, dropWhole: ['script', 'style'] };

/** Decodes numeric and the common named references; an unknown name is left as written. */
export const decodeEntities = (text: string): string => decodeHtmlEntities(text);

/** The text of an HTML fragment, lines kept; null when nothing readable is left. */
export const htmlToText = (html: string | null): string | null => htmlToLines(html, SHOW_NOTES);
