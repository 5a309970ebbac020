import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../src/families/podcasts/normalise/html-text.js';
import { compareEpisodes, PageSelector } from '../../../src/families/podcasts/normalise/order.js';
import { durationSeconds, rfc822ToIso } from '../../../src/families/podcasts/normalise/times.js';
import { readPodcastsBudget } from '../../../src/families/podcasts/upstream/itunes.js';
import { chooseTranscript } from '../../../src/families/podcasts/normalise/transcript-choice.js';
import { readTranscriptFile } from '../../../src/families/podcasts/normalise/transcript-files.js';
import { SRT, TRANSCRIPT_HTML, TRANSCRIPT_JSON, VTT } from './fixtures/world.js';

describe('podcast times', () => {
  it('reads itunes:duration as seconds, MM:SS or H:MM:SS, else null', () => {
    expect(durationSeconds('4209')).toBe(4209);
    expect(durationSeconds('1234.5')).toBe(1235);
    expect(durationSeconds('26:53')).toBe(1613);
    expect(durationSeconds('01:43:01')).toBe(6181);
    for (const bad of [null, '', 'about an hour', '1:75', '1:60:00', '-5']) expect(durationSeconds(bad)).toBeNull();
  });

  it('reads RFC 822 dates with day names, 2-digit years and named or numeric zones as ISO UTC', () => {
    expect(rfc822ToIso('Thu, 19 Dec 2013 17:31:42 -0500')).toBe('2013-12-19T22:31:42Z');
    expect(rfc822ToIso('Wed, 01 Feb 2023 05:00:00 -0000')).toBe('2023-02-01T05:00:00Z');
    expect(rfc822ToIso('01 Feb 23 05:00 GMT')).toBe('2023-02-01T05:00:00Z');
    expect(rfc822ToIso('Mon, 04 Oct 2021 12:00:00 PST')).toBe('2021-10-04T20:00:00Z');
    expect(rfc822ToIso('Mon, 04 Oct 2021 12:00:00 UT')).toBe('2021-10-04T12:00:00Z');
    expect(rfc822ToIso('Mon, 04 Oct 2021 12:00:00 +0530')).toBe('2021-10-04T06:30:00Z');
    for (const bad of [null, 'yesterday', '31 Feb 2021 10:00:00 GMT', '04 Foo 2021 10:00:00 GMT', '04 Oct 2021 10:00:00 XYZ'])
      expect(rfc822ToIso(bad)).toBeNull();
  });
});

describe('feed HTML to text', () => {
  it('ends lines at br, p, div and li, drops other tags and decodes entities', () => {
    expect(htmlToText('<p>One &amp; <a href="x">two</a></p><p>three<br>four</p><img src="p.gif"/><ul><li>a</li><li>b</li></ul>')).toBe(
      'One & two\nthree\nfour\na\nb',
    );
    expect(htmlToText('  caf&eacute;&#233; &#x263A;  ')).toBe('caf&eacute;é ☺');
    expect(htmlToText('<img src="pixel.gif">')).toBeNull();
  });
});

describe('episode order and pages', () => {
  const episodes = [
    { publishedAt: '2024-01-02T00:00:00Z', id: 'b' },
    { publishedAt: null, id: 'z' },
    { publishedAt: '2024-01-03T00:00:00Z', id: 'c' },
    { publishedAt: '2024-01-02T00:00:00Z', id: 'a' },
    { publishedAt: null, id: 'y' },
  ];

  it('orders newest first, ties by id, undated last by id', () => {
    expect([...episodes].sort(compareEpisodes).map((episode) => episode.id)).toEqual(['c', 'a', 'b', 'y', 'z']);
  });

  it('keeps only a page after the cursor, whatever order the feed holds them in', () => {
    const first = new PageSelector(2, null);
    for (const episode of episodes) first.offer(episode);
    expect(first.page()).toEqual({ items: [episodes[2], episodes[3]], hasMore: true });
    const next = new PageSelector(2, episodes[3]!);
    for (const episode of episodes) next.offer(episode);
    expect(next.page().items.map((episode) => episode.id)).toEqual(['b', 'y']);
    const last = new PageSelector(5, { publishedAt: null, id: 'y' });
    for (const episode of episodes) last.offer(episode);
    expect(last.page()).toEqual({ items: [episodes[1]], hasMore: false });
  });
});

describe('transcript files', () => {
  it('reads VTT cues without voice spans, tags, notes or settings', () => {
    const read = readTranscriptFile('vtt', VTT)!;
    expect(read.cues).toEqual([
      { start: 0, end: 2.5, text: 'Welcome to Harbour Notes & friends.' },
      { start: 62.25, end: 65, text: 'The fog rolls in.' },
    ]);
    expect(read.text).toBe('Welcome to Harbour Notes & friends. The fog rolls in.');
    expect(readTranscriptFile('vtt', '<html>not vtt</html>')).toBeNull();
  });

  it('reads SRT blocks, JSON segments and HTML paragraphs timed by the preceding <time>', () => {
    expect(readTranscriptFile('srt', SRT)!.cues).toEqual([
      { start: 0.5, end: 2, text: 'Ana: Welcome aboard.' },
      { start: 2, end: 4.25, text: 'Ben: Mind the ropes.' },
    ]);
    expect(readTranscriptFile('json', TRANSCRIPT_JSON)).toEqual({
      cues: [
        { start: 0.5, end: 1.25, text: 'Hola' },
        { start: 1.5, end: 2, text: 'amigos.' },
      ],
      text: 'Hola amigos.',
    });
    expect(readTranscriptFile('html', TRANSCRIPT_HTML)!.cues).toEqual([
      { start: 0, end: null, text: "Welcome, it's the quay." },
      { start: 3723, end: null, text: 'Goodbye now.' },
    ]);
    expect(readTranscriptFile('html', '<p>No times here.</p>')).toEqual({ cues: [], text: 'No times here.' });
    expect(readTranscriptFile('json', '{"nope": 1}')).toBeNull();
  });

  it('prefers VTT, SRT, JSON, HTML, filters by primary language subtag, and names the languages there are', () => {
    const tags = [
      { url: 'https://f.example.org/a.txt', type: 'text/plain', language: 'en', rel: null },
      { url: 'https://f.example.org/a.html', type: 'text/html', language: null, rel: null },
      { url: 'https://f.example.org/a.json', type: 'application/json', language: 'es', rel: null },
      { url: 'https://f.example.org/a.srt', type: 'application/srt', language: null, rel: 'captions' },
    ];
    expect(chooseTranscript(tags, 'en-US', undefined)).toMatchObject({ kind: 'chosen', tag: { format: 'srt', resolvedLanguage: 'en-us' } });
    expect(chooseTranscript(tags, 'en-US', 'es-MX')).toMatchObject({ kind: 'chosen', tag: { format: 'json', resolvedLanguage: 'es' } });
    expect(chooseTranscript(tags, 'en-US', 'fr')).toEqual({ kind: 'language_unavailable', availableLanguages: ['en-us', 'es'] });
    expect(chooseTranscript([tags[0]!], 'en', undefined)).toEqual({ kind: 'none' });
  });
});

describe('the podcasts budget reader', () => {
  it("reads Apple's 403 or 429 as its throttle, a feed host's 429 too, but not a feed host's 403", () => {
    expect(readPodcastsBudget({}, 1000, 403, { body: '', url: 'https://itunes.apple.com/lookup' })).toEqual({
      remaining: 0,
      resetAtMs: 61_000,
    });
    expect(readPodcastsBudget({ 'retry-after': '5' }, 1000, 429, { body: '', url: 'https://itunes.apple.com/lookup' })).toEqual({
      remaining: 0,
      resetAtMs: 6000,
    });
    expect(readPodcastsBudget({}, 1000, 429, { body: '', url: 'https://feeds.example.org/feed.xml' })).toEqual({
      remaining: 0,
      resetAtMs: 61_000,
    });
    expect(readPodcastsBudget({}, 1000, 403, { body: '', url: 'https://feeds.example.org/feed.xml' })).toBeNull();
    expect(readPodcastsBudget({}, 1000, 200, { body: '', url: 'https://itunes.apple.com/lookup' })).toBeNull();
  });
});
