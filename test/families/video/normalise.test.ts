import { describe, expect, it } from 'vitest';
import { countOf, clockSeconds, hashtagsOf, mentionsOf, secondsOf } from '../../../src/families/video/normalise/values.js';
import { readCaptionFile, pickTrack, captionFileUrl, type CaptionTrack } from '../../../src/families/video/normalise/transcript.js';
import { withoutPrivateParts } from '../../../src/families/video/normalise/privacy.js';
import { availabilityOf, refuseBotCheck } from '../../../src/families/video/normalise/player.js';
import { readThrottle, isSorryRedirect } from '../../../src/families/video/upstream/throttle.js';

describe('counts', () => {
  it.each([
    ['1,856,109 views', 1856109, false],
    ['382 videos', 382, false],
    ['2.7K', 2700, true],
    ['3.68M subscribers', 3680000, true],
    ['895k views', 895000, true],
    ['25m', 25000000, true],
    ['1.2B views', 1200000000, true],
    ['No views', 0, false],
    ['along with 43,864 other people', 43864, false],
  ])('%s is %d (approximate %s)', (text, value, approximate) => {
    expect(countOf(text)).toEqual({ value, approximate });
  });

  it('reads hidden counts (no text, or a label without a number) as null', () => {
    expect(countOf(undefined).value).toBeNull();
    expect(countOf('').value).toBeNull();
    expect(countOf({ simpleText: 'Like' }).value).toBeNull();
  });

  it("reads clock durations and the player's seconds", () => {
    expect(clockSeconds('1:02:09')).toBe(3729);
    expect(clockSeconds('0:58')).toBe(58);
    expect(clockSeconds('LIVE')).toBeNull();
    expect(secondsOf('316')).toBe(316);
    expect(secondsOf('0')).toBeNull();
  });

  it('finds hashtags in order without duplicates and mentions of handles', () => {
    expect(hashtagsOf('Rewind #YouTubeRewind', 'more #Rewind2019 and #youtuberewind, not a#b')).toEqual(['YouTubeRewind', 'Rewind2019']);
    expect(mentionsOf('thanks @Dave2D and @dave2d, mail a@b.example')).toEqual(['Dave2D']);
  });
});

describe('caption files', () => {
  it('decodes twice, strips escaped markup, skips empty texts and computes ends', () => {
    const cues = readCaptionFile(
      '<transcript><text start="0" dur="1.54">Hey</text><text start="1.54" dur="4.16">this is &lt;i>not&lt;/i> it&amp;#39;s</text><text start="5" dur="0.5"></text><text start="5.7" dur="3.239">end</text></transcript>',
    );
    expect(cues).toEqual([
      { start: 0, end: 1.54, text: 'Hey' },
      { start: 1.54, end: 5.7, text: "this is not it's" },
      { start: 5.7, end: 8.939, text: 'end' },
    ]);
    expect(readCaptionFile('<html>no</html>')).toBeNull();
  });

  const track = (languageCode: string, kind: string | null): CaptionTrack => ({
    baseUrl: `https://www.youtube.com/api/timedtext?v=x&lang=${languageCode}&fmt=srv3`,
    languageCode,
    kind,
    name: null,
    vssId: null,
  });

  it('picks the exact code, then the base language; person-written before speech recognition for auto', () => {
    const tracks = [track('en-GB', null), track('en', 'asr'), track('de', null)];
    expect(pickTrack(tracks, 'en', 'auto')?.languageCode).toBe('en-GB');
    expect(pickTrack(tracks, 'en', 'asr')?.kind).toBe('asr');
    expect(pickTrack(tracks, 'de', 'asr')).toBeNull();
    expect(pickTrack(tracks, 'fr', 'auto')).toBeNull();
    expect(captionFileUrl(tracks[0]!)).not.toContain('fmt=');
    expect(captionFileUrl({ ...tracks[0]!, baseUrl: 'https://evil.example/api/timedtext?v=x' })).toBeNull();
  });
});

describe('privacy', () => {
  it('drops stream URLs, tracking, configuration and the response context wherever they are', () => {
    const cleaned = withoutPrivateParts({
      responseContext: { remoteHost: '203.0.113.9' },
      streamingData: { formats: [{ url: 'https://rr1.googlevideo.com/x' }] },
      playbackTracking: {},
      videoDetails: { title: 'kept', nested: { link: 'https://r3.googlevideo.com/y' }, list: ['a', 'https://googlevideo.com/z'] },
    });
    expect(cleaned).toEqual({ videoDetails: { title: 'kept', nested: {}, list: ['a'] } });
    expect(JSON.stringify(cleaned)).not.toContain('googlevideo');
  });
});

describe('availability', () => {
  it('tells the bot check, private, removed and unknown videos apart', () => {
    expect(() =>
      refuseBotCheck({ playabilityStatus: { status: 'LOGIN_REQUIRED', reason: "Sign in to confirm you're not a bot" } }),
    ).toThrow(/not a bot/);
    expect(availabilityOf({ playabilityStatus: { status: 'LOGIN_REQUIRED', messages: ['This is a private video.'] } })).toEqual({
      serve: false,
      reason: 'private',
    });
    expect(availabilityOf({ playabilityStatus: { status: 'ERROR', reason: 'This video has been removed by the uploader' } })).toEqual({
      serve: false,
      reason: 'removed',
    });
    expect(availabilityOf({ playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } })).toEqual({
      serve: false,
      reason: 'not_found',
    });
    expect(availabilityOf({ playabilityStatus: { status: 'UNPLAYABLE' } })).toEqual({ serve: false, reason: 'unplayable' });
    expect(availabilityOf({ playabilityStatus: { status: 'UNPLAYABLE' }, videoDetails: {} })).toEqual({ serve: true });
  });
});

describe('the throttle', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  it('spends the host on a 429 or a redirect to the CAPTCHA page: Retry-After, else 60 s', () => {
    expect(readThrottle({}, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 60_000 });
    expect(readThrottle({ 'retry-after': '120' }, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 120_000 });
    expect(readThrottle({ location: 'https://www.google.com/sorry/index?continue=x' }, now, 302)).toEqual({
      remaining: 0,
      resetAtMs: now + 60_000,
    });
    expect(readThrottle({ location: 'https://consent.youtube.com/m' }, now, 302)).toBeNull();
    expect(readThrottle({}, now, 200)).toBeNull();
    expect(isSorryRedirect(302, 'https://google.com/search')).toBe(false);
  });
});
