import { describe, expect, it } from 'vitest';
import { BASIC_ENTITIES, decodeHtmlEntities, TYPOGRAPHIC_ENTITIES } from '../../src/upstream/html-entities.js';

describe('decodeHtmlEntities', () => {
  it('decodes the references platforms send in titles, names and places', () => {
    expect(decodeHtmlEntities('Why does the &#39;favored&#39; rating change?')).toBe("Why does the 'favored' rating change?");
    expect(decodeHtmlEntities('&quot;C&amp;A&quot; &lt;b&gt; Bj&#246;rk &#x27;s&#X27; Zo&#235;')).toBe('"C&A" <b> Björk \'s\' Zoë');
    expect(decodeHtmlEntities('a&nbsp;b&hellip; &AMP; &copy;')).toBe('a\u00a0b\u2026 & \u00a9');
    expect(decodeHtmlEntities('&#128512;')).toBe('\u{1f600}');
  });

  it('decodes once, and leaves what is not a reference it knows as written', () => {
    expect(decodeHtmlEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeHtmlEntities('AT&T & R&D; &unknown; &#0; &#xD800; &#99999999; &#; &')).toBe(
      'AT&T & R&D; &unknown; &#0; &#xD800; &#99999999; &#; &',
    );
    expect(decodeHtmlEntities('plain')).toBe('plain');
  });
});

describe('decodeHtmlEntities with a table of names', () => {
  it('decodes the basic names, case-insensitively, a non-breaking space as a space', () =>
    expect(decodeHtmlEntities('a &amp; b &LT;c&gt; &quot;d&quot; &apos;e&apos;&nbsp;f', BASIC_ENTITIES)).toBe('a & b <c> "d" \'e\' f'));

  it('decodes decimal and hex references to their character', () =>
    expect(decodeHtmlEntities('&#39;&#x27;&#X1F600;&#128512;')).toBe("''\u{1F600}\u{1F600}"));

  it('leaves as written what is no character or no name it knows', () => {
    for (const text of ['&#0;', '&#xD800;', '&#xDFFF;', '&#x110000;', '&#99999999;', '&#x1234567;', '&bogus;', '&a;', '&amp', '& amp;'])
      expect(decodeHtmlEntities(text)).toBe(text);
  });

  it('looks names up in the table it is given', () => {
    expect(decodeHtmlEntities('&mdash;&hellip;&rsquo;', BASIC_ENTITIES)).toBe('&mdash;&hellip;&rsquo;');
    expect(decodeHtmlEntities('&mdash;&hellip;&rsquo;', TYPOGRAPHIC_ENTITIES)).toBe('\u2014\u2026\u2019');
    expect(decodeHtmlEntities('&nbsp;&trade;', { ...BASIC_ENTITIES, nbsp: '\u00a0', trade: '\u2122' })).toBe('\u00a0\u2122');
  });

  it('decodes once: an escaped reference stays a reference', () => expect(decodeHtmlEntities('&amp;#39;')).toBe('&#39;'));
});
