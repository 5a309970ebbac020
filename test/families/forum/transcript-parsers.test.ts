import { describe, expect, it } from 'vitest';
import { isoDurationSeconds, parseDashManifest } from '../../../src/families/forum/transcript/dash.js';
import { findHlsSubtitles, isHlsPlaylist } from '../../../src/families/forum/transcript/hls.js';
import { parseWebVtt, transcriptText, vttTimeToSeconds, webVttLanguage } from '../../../src/families/forum/transcript/webvtt.js';
import { languageMatches } from '../../../src/families/forum/transcript/caption-source.js';
import { fixture } from './support.js';

const MANIFEST_URL = 'https://v.redd.it/vid0example1/DASHPlaylist.mpd?a=1790000000';

describe('parseWebVtt', () => {
  it('reads cues without ids, settings, notes, styles or tags', () => {
    const cues = parseWebVtt(fixture('captions.vtt'));
    expect(cues).toEqual([
      { start: 0, end: 2.5, text: 'This is the garden in spring.' },
      { start: 2.5, end: 5, text: 'Tomatoes & beans' },
      { start: 5, end: 7.25, text: 'grow fast.' },
    ]);
    expect(transcriptText(cues)).toBe('This is the garden in spring. Tomatoes & beans grow fast.');
    expect(webVttLanguage(fixture('captions.vtt'))).toBe('en');
  });

  it('reads hours, CRLF line ends and a byte-order mark', () => {
    expect(parseWebVtt('\uFEFFWEBVTT\r\n\r\n01:00:01.500 --> 01:00:03.000\r\nLate line\r\n')).toEqual([
      { start: 3601.5, end: 3603, text: 'Late line' },
    ]);
    expect(vttTimeToSeconds('02:03.250')).toBe(123.25);
  });

  it('refuses a body that is not WebVTT', () => {
    expect(() => parseWebVtt('<html>captions</html>')).toThrow(/not WebVTT/);
  });
});

describe('parseDashManifest', () => {
  it('finds the whole-file caption track and resolves its BaseURL', () => {
    expect(parseDashManifest(fixture('dash-with-captions.mpd'), MANIFEST_URL)).toEqual({
      durationSeconds: 47.5,
      captionTracks: [
        { fileUrl: 'https://v.redd.it/vid0example1/wh_ben_en/captions_en.vtt', segmented: false, language: 'en-US', label: 'English' },
      ],
    });
  });

  it('reports no caption track and segmented tracks', () => {
    expect(parseDashManifest(fixture('dash-no-captions.mpd'), MANIFEST_URL).captionTracks).toEqual([]);
    expect(parseDashManifest(fixture('dash-segmented-captions.mpd'), MANIFEST_URL).captionTracks).toEqual([
      { fileUrl: null, segmented: true, language: 'en', label: null },
    ]);
  });

  it('refuses bodies that are not an MPD', () => {
    expect(() => parseDashManifest('<html/>', MANIFEST_URL)).toThrow(/not a DASH MPD/);
    expect(() => parseDashManifest('#EXTM3U', MANIFEST_URL)).toThrow(/not a DASH MPD/);
  });

  it('reads ISO 8601 durations', () => {
    expect([
      isoDurationSeconds('PT1M27.5S'),
      isoDurationSeconds('PT2H'),
      isoDurationSeconds('P1DT1S'),
      isoDurationSeconds('PT'),
      isoDurationSeconds(null),
    ]).toEqual([87.5, 7200, 86401, null, null]);
  });
});

describe('HLS subtitles', () => {
  it('lists SUBTITLES renditions only', () => {
    expect(findHlsSubtitles(fixture('hls-with-subtitles.m3u8'))).toEqual([{ language: 'en', name: 'English', uri: 'HLS_SUBS_en.m3u8' }]);
    expect(findHlsSubtitles(fixture('hls-no-subtitles.m3u8'))).toEqual([]);
    expect(isHlsPlaylist(fixture('hls-no-subtitles.m3u8'))).toBe(true);
    expect(isHlsPlaylist('<xml/>')).toBe(false);
  });
});

describe('languageMatches', () => {
  it('compares primary subtags and lets unnamed tracks match', () => {
    expect(languageMatches('en-US', 'en')).toBe(true);
    expect(languageMatches('EN', 'en-GB')).toBe(true);
    expect(languageMatches('fr', 'en')).toBe(false);
    expect(languageMatches(null, 'de')).toBe(true);
  });
});
