import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from '../../src/upstream/html-entities.js';

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
