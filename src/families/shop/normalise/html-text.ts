import { TYPOGRAPHIC_ENTITIES } from '../../../upstream/html-entities.js';
import { htmlToLines } from '../../../upstream/html-text.js';

/**
 * A product description as text. Stores write long HTML (headings, lists, iframes, inline
 * styles, `<!-- split -->` markers); the text keeps what a reader sees: tags dropped, a block
 * element (opening or closing) ends its line, entities decoded, runs of spaces (non-breaking
 * ones too) collapsed. Not a general HTML parser: enough for description fragments, never
 * executed or rendered.
 */

const DESCRIPTION = {
  lineEnds: /^\/?(?:br|p|div|h[1-6]|li|ul|ol|tr|table|section|article|blockquote|pre|header|footer|figure|figcaption|dd|dt|dl)$/,
  dropWhole: ['script', 'style', 'iframe'],
  entities: {
    ...TYPOGRAPHIC_ENTITIES,
    trade: '\u2122',
    reg: '\u00ae',
    copy: '\u00a9',
    deg: '\u00b0',
    times: '\u00d7',
    eacute: '\u00e9',
  },
};

/** The text of a description's HTML; null when nothing readable is left. */
export const descriptionText = (html: string | null): string | null => htmlToLines(html, DESCRIPTION);
