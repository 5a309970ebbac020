import { describe, expect, it } from 'vitest';
import { BASIC_ENTITIES } from '../../src/upstream/html-entities.js';
import { htmlToLines, type HtmlTextRule } from '../../src/upstream/html-text.js';

const CLOSING_PARAGRAPHS: HtmlTextRule = { lineEnds: /^(?:br|\/p)$/, dropWhole: ['script'] };

describe('HTML fragments as lines of text', () => {
  it('ends a line only at the tags the rule names, closing ones with their slash', () => {
    expect(htmlToLines('<p>one <b>two</b></p><p>three<BR/>four</p>', CLOSING_PARAGRAPHS)).toBe('one two\nthree\nfour');
    expect(htmlToLines('<div>a</div><div>b</div>', CLOSING_PARAGRAPHS)).toBe('ab');
    expect(htmlToLines('<div>a</div><div>b</div>', { lineEnds: /^\/?div$/, dropWhole: [] })).toBe('a\nb');
  });

  it('drops comments and the named elements with what they hold, in any case', () => {
    const html = '<!-- split -->x<SCRIPT type="t">var a = "<p>";</script ><style>p{}</style>y';
    // Not named: its tags go, its text stays.
    expect(htmlToLines(html, CLOSING_PARAGRAPHS)).toBe('xp{}y');
    expect(htmlToLines(html, { ...CLOSING_PARAGRAPHS, dropWhole: ['script', 'style'] })).toBe('xy');
  });

  it('reads attributes holding ">" as part of their tag', () => {
    expect(htmlToLines('<a title="1 > 0" href=\'x>y\'>link</a>', CLOSING_PARAGRAPHS)).toBe('link');
  });

  it('decodes the references of its table (the common set by default), others stay as written', () => {
    expect(htmlToLines('caf&eacute; &hellip; &#233;', CLOSING_PARAGRAPHS)).toBe('caf&eacute; \u2026 é');
    expect(htmlToLines('&hellip; &amp;', { ...CLOSING_PARAGRAPHS, entities: BASIC_ENTITIES })).toBe('&hellip; &');
  });

  it('collapses whitespace within lines, non-breaking spaces too, and leaves out empty lines', () => {
    expect(htmlToLines('  a \u00a0 b&nbsp;c <br> <br>\n\n d  ', CLOSING_PARAGRAPHS)).toBe('a b c\nd');
  });

  it('is null for nothing readable', () => {
    expect(htmlToLines(null, CLOSING_PARAGRAPHS)).toBeNull();
    expect(htmlToLines('<img src="pixel.gif"><p> </p>', CLOSING_PARAGRAPHS)).toBeNull();
  });
});
