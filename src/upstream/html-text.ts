import { COMMON_ENTITIES, decodeHtmlEntities } from './html-entities.js';

/**
 * Plain text from the small HTML fragments platforms send (show notes, descriptions): comments
 * go, the elements named in `dropWhole` go with all they hold, a tag that ends a line becomes a
 * line break and every other tag goes (its text stays), entities are decoded, and whitespace
 * (non-breaking spaces too) collapses within each line; empty lines go. Not a general HTML
 * parser: enough for fragments, never rendered or executed.
 */

export interface HtmlTextRule {
  /** Tested on a tag's name, lower-cased, a closing tag's with its slash (`br`, `/p`): does it end a line? */
  lineEnds: RegExp;
  /** Elements dropped whole, their content with them (`script`, `style`, ...). */
  dropWhole: readonly string[];
  /** The named references that decode (the common set when absent). */
  entities?: Readonly<Record<string, string>>;
}

const COMMENT = /<!--[\s\S]*?-->/g;
const TAG = /<(\/?[A-Za-z][A-Za-z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g;

/** The text of an HTML fragment, lines kept; null when nothing readable is left. */
export function htmlToLines(html: string | null, rule: HtmlTextRule): string | null {
  if (html === null) return null;
  const whole = new RegExp(`<(${rule.dropWhole.join('|')})\\b[\\s\\S]*?<\\/\\1\\s*>`, 'gi');
  const flat = html
    .replace(COMMENT, '')
    .replace(whole, '')
    .replace(TAG, (_tag, name: string) => (rule.lineEnds.test(name.toLowerCase()) ? '\n' : ''));
  const text = decodeHtmlEntities(flat, rule.entities ?? COMMON_ENTITIES)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return text === '' ? null : text;
}
