import { describe, expect, it } from 'vitest';
import { videoChannelEndpoint } from '../../../src/families/video/endpoints/channel.js';
import { videoChannelShortsEndpoint, videoChannelVideosEndpoint } from '../../../src/families/video/endpoints/channel-videos.js';
import { videoPostCommentsEndpoint } from '../../../src/families/video/endpoints/post-comments.js';
import { videoPostTranscriptEndpoint } from '../../../src/families/video/endpoints/post-transcript.js';
import { videoPostEndpoint } from '../../../src/families/video/endpoints/post.js';
import { videoSearchEndpoint } from '../../../src/families/video/endpoints/search.js';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import { GatewayError } from '../../../src/errors.js';
import { FETCHED_AT, asList, asSingle, errorOf, rawOf, runEndpoint } from './support.js';
import { dataOfPage, fileAnswer, jsonAnswer, manifest, playerOfPage, recorded, sample, samplesDir } from './recorded.js';

/**
 * The video family against every recorded body of the shared samples, checking the values the
 * manifest's notes name. Skipped without UPSTREAM_SAMPLES_DIR.
 */

const DAVE2D = 'UCVYamHliCI9rw1tHR1xbkfw';
const TOP_TOKEN = 'Eg0SC0dKTGx4al9kdHE4GAYyJSIRIgtHSkxseGpfZHRxODAAeAJCEGNvbW1lbnRzLXNlY3Rpb24%3D';
const NEWEST_TOKEN = 'Eg0SC0dKTGx4al9kdHE4GAYyJSIRIgtHSkxseGpfZHRxODABeAJCEGNvbW1lbnRzLXNlY3Rpb24%3D';

/** A watch page's player and next answers for /v1/video/post. */
const watchPage = (file: string) =>
  recorded((method) =>
    method === 'player' ? jsonAnswer(playerOfPage(file)) : method === 'next' ? jsonAnswer(dataOfPage(file)) : undefined,
  );

/** An ANDROID player sample for every player call (and an empty next, as ANDROID samples come alone). */
const androidPlayer = (file: string, captions: Record<string, string> = {}) =>
  recorded((method, _body, _request, url) => {
    if (method === 'player') return fileAnswer(file);
    if (method === 'next') return jsonAnswer('{"responseContext":{}}');
    if (method === '/api/timedtext') return fileAnswer(captions[url.searchParams.get('kind') === 'asr' ? 'asr' : 'captions']!);
    return undefined;
  });

describe.skipIf(!samplesDir)('video conformance with recorded upstream samples', () => {
  it('covers every video sample of the manifest', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual(
      [
        'watch_GJLlxj_dtq8_2025.html',
        'player_android_GJLlxj_dtq8_2025.json',
        'player_android_F1xioXWb8CY_2025.json',
        'player_android_dsMFmonKDD4_no_captions_2025.json',
        'player_android_Fjg5lYqvzUs_live_2025.json',
        'player_android_Njp5uhTorCo_age_restricted_2025.json',
        'player_android_bot_check_2025.json',
        'player_android_unavailable_2025.json',
        'synthetic_timedtext_GJLlxj_dtq8_en.xml',
        'consent_page_2021.html',
        'too_many_requests_2021.html',
        'watch_2lAe1cqCOXo_2021.html',
        'watch_5YceQ8YqYMc_live_2021.html',
        'watch_irauhITDrsE_age_restricted_2021.html',
        'watch_m8uHb5jIGN8_private_2021.html',
        'channel_videos_programmingknowledge_2021.html',
        'search_testing_2020.html',
        'search_testing_page2_2020.json',
        'feed_google_2016.xml',
        'synthetic_resolve_url_dave2d.json',
        'synthetic_browse_dave2d_videos.json',
        'synthetic_browse_dave2d_videos_p2.json',
        'synthetic_browse_dave2d_shorts.json',
        'synthetic_next_comments_GJLlxj_dtq8_top.json',
        'synthetic_next_comments_GJLlxj_dtq8_top_p2.json',
        'synthetic_next_comments_GJLlxj_dtq8_newest.json',
        'synthetic_timedtext_GJLlxj_dtq8_en_asr.xml',
        'synthetic_error_404_not_found.json',
        'synthetic_error_400_invalid_argument.json',
        'synthetic_browse_channel_removed.json',
      ].sort(),
    );
  });

  it('reads the 2025 watch answers: exact views and likes, rounded comments, the offset date, the handle, nothing private in raw', async () => {
    const result = asSingle(
      await runEndpoint(
        videoPostEndpoint,
        { url: 'https://www.youtube.com/watch?v=GJLlxj_dtq8' },
        watchPage('watch_GJLlxj_dtq8_2025.html'),
      ),
    );
    expect(result.data).toMatchObject({
      type: 'video',
      durationSeconds: 316,
      viewCount: 1856109,
      likeCount: 43864,
      commentCount: 2700,
      authorHandle: 'Dave2D',
      authorId: DAVE2D,
      hashtags: [],
    });
    expect(result.data?.publishedAt).toMatch(/^2018-08-0\dT.*[+-]\d\d:\d\d$/);
    expect(rawOf(result).approximate).toEqual(['commentCount']);
    const raw = JSON.stringify(result.raw);
    expect(raw).not.toContain('googlevideo.com');
    expect(raw).not.toContain('remoteHost');
  });

  it('reads the 2021 watch answers: a date-only publishDate, likes from the button, a hashtag, a gone live recording, an age gate, a private video', async () => {
    const rewind = asSingle(await runEndpoint(videoPostEndpoint, { url: '2lAe1cqCOXo' }, watchPage('watch_2lAe1cqCOXo_2021.html')));
    expect(rewind.data).toMatchObject({ publishedAt: '2019-12-05', likeCount: 3485266, authorHandle: null });
    expect(rewind.data?.hashtags).toContain('YouTubeRewind');
    const live = asSingle(await runEndpoint(videoPostEndpoint, { url: '5YceQ8YqYMc' }, watchPage('watch_5YceQ8YqYMc_live_2021.html')));
    expect(live.data).toMatchObject({ type: 'live', likeCount: null });
    expect(rawOf(live).playability.status).toBe('UNPLAYABLE');
    const gated = asSingle(
      await runEndpoint(videoPostEndpoint, { url: 'irauhITDrsE' }, watchPage('watch_irauhITDrsE_age_restricted_2021.html')),
    );
    expect(gated.data).toMatchObject({ likeCount: 19038 });
    expect(rawOf(gated).playability).toEqual({ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' });
    const page = 'watch_m8uHb5jIGN8_private_2021.html';
    expect(asSingle(await runEndpoint(videoPostEndpoint, { url: 'm8uHb5jIGN8' }, watchPage(page))).emptyReason).toBe('private');
    expect(asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'm8uHb5jIGN8' }, watchPage(page))).emptyReason).toBe('not_found');
  });

  it('reads the ANDROID players: a live recording without microformat, an age gate, the unavailable and bot-check answers', async () => {
    const live = asSingle(
      await runEndpoint(videoPostEndpoint, { url: 'Fjg5lYqvzUs' }, androidPlayer('player_android_Fjg5lYqvzUs_live_2025.json')),
    );
    expect(live.data).toMatchObject({ type: 'live', durationSeconds: 23169, viewCount: 170391, publishedAt: null, commentCount: null });
    const gated = asSingle(
      await runEndpoint(videoPostEndpoint, { url: 'Njp5uhTorCo' }, androidPlayer('player_android_Njp5uhTorCo_age_restricted_2025.json')),
    );
    expect(gated.data?.viewCount).toBe(179579);
    expect(rawOf(gated).playability).toEqual({ status: 'LOGIN_REQUIRED', reason: 'This video may be inappropriate for some users.' });
    const unavailable = androidPlayer('player_android_unavailable_2025.json');
    expect(asSingle(await runEndpoint(videoPostEndpoint, { url: 'xxxxxxxxxxx' }, unavailable)).emptyReason).toBe('not_found');
    expect(asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: 'xxxxxxxxxxx' }, unavailable)).emptyReason).toBe('not_found');
    for (const endpoint of [videoPostEndpoint, videoPostTranscriptEndpoint] as EndpointDefinition[]) {
      const error = await errorOf(runEndpoint(endpoint, { url: 'GJLlxj_dtq8' }, androidPlayer('player_android_bot_check_2025.json')));
      expect(error.code).toBe('upstream_blocked');
    }
  });

  it('reads transcripts: the person-written track, speech recognition, and the empty results', async () => {
    const captions = { captions: 'synthetic_timedtext_GJLlxj_dtq8_en.xml', asr: 'synthetic_timedtext_GJLlxj_dtq8_en_asr.xml' };
    const upstream = androidPlayer('player_android_GJLlxj_dtq8_2025.json', captions);
    const human = asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: 'GJLlxj_dtq8' }, upstream));
    expect(human.data?.cues).toEqual([
      { start: 0, end: 1.54, text: 'Hey, this is just a test' },
      { start: 1.54, end: 5.7, text: 'this is not the original transcript' },
      { start: 5.7, end: 8.939, text: 'just something shorter, I made up for testing' },
    ]);
    expect(human.data).toMatchObject({ isAutoGenerated: false, durationSeconds: 316, source: 'captions' });
    expect(rawOf(human).track).toMatchObject({ languageCode: 'en', kind: null, vssId: '.en' });
    expect(upstream.calls.at(-1)!.url).not.toContain('fmt=');
    const asr = asSingle(
      await runEndpoint(
        videoPostTranscriptEndpoint,
        { url: 'GJLlxj_dtq8', track: 'asr' },
        androidPlayer('player_android_GJLlxj_dtq8_2025.json', captions),
      ),
    );
    expect(asr.data?.cues.map((cue) => [cue.start, cue.end])).toEqual([
      [0.12, 2.52],
      [2.52, 5.63],
      [5.63, 8.53],
      [8.53, 9.73],
    ]);
    expect(asr.data?.text).toContain("it's microsoft's");
    expect(asr.data?.isAutoGenerated).toBe(true);

    const german = asSingle(
      await runEndpoint(
        videoPostTranscriptEndpoint,
        { url: 'F1xioXWb8CY', language: 'de' },
        androidPlayer('player_android_F1xioXWb8CY_2025.json'),
      ),
    );
    expect(german.emptyReason).toBe('language_unavailable');
    expect(rawOf(german).availableLanguages).toHaveLength(2);
    for (const [file, id, reason] of [
      ['player_android_dsMFmonKDD4_no_captions_2025.json', 'dsMFmonKDD4', 'no_captions'],
      ['player_android_Fjg5lYqvzUs_live_2025.json', 'Fjg5lYqvzUs', 'no_captions'],
      ['player_android_Njp5uhTorCo_age_restricted_2025.json', 'Njp5uhTorCo', 'age_restricted'],
    ]) {
      expect(asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: id }, androidPlayer(file!))).emptyReason).toBe(reason);
    }
  });

  it('reads the 2026 channel: resolve_url, the page header, lockups, a continuation, shorts', async () => {
    const channel = recorded((method, body) => {
      if (method === 'navigation/resolve_url') return fileAnswer('synthetic_resolve_url_dave2d.json');
      if (method !== 'browse') return undefined;
      if (body.continuation !== undefined) return fileAnswer('synthetic_browse_dave2d_videos_p2.json');
      return fileAnswer(
        body.params === 'EgZzaG9ydHPyBgUKA5oBAA%3D%3D' ? 'synthetic_browse_dave2d_shorts.json' : 'synthetic_browse_dave2d_videos.json',
      );
    });
    const creator = asSingle(await runEndpoint(videoChannelEndpoint, { handle: '@Dave2D' }, channel));
    expect(creator.data).toMatchObject({
      id: DAVE2D,
      handle: 'Dave2D',
      displayName: 'Dave2D',
      verified: true,
      followerCount: 3680000,
      postCount: 382,
      externalLinks: ['https://dave2d.example/'],
    });
    expect(creator.data?.bannerUrl).toContain('w2560');
    expect(rawOf(creator).approximate).toEqual(['followerCount']);
    const videos = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: 'youtube.com/@Dave2D' }, channel));
    expect(videos.items.map((post) => [post.id, post.viewCount, post.durationSeconds])).toEqual([
      ['GJLlxj_dtq8', 1800000, 317],
      ['SyNth0001aA', 912000, 724],
      ['SyNth0002bB', 1204, 3729],
      ['SyNth0003cC', 0, 58],
    ]);
    expect(videos.items[0]).toMatchObject({ publishedAt: '7 years ago', authorId: DAVE2D, authorHandle: 'Dave2D' });
    expect(rawOf(videos).posts.map((post: { approximate: string[] }) => post.approximate)).toEqual([['viewCount'], ['viewCount'], [], []]);
    expect(videos.pagination).toEqual({ cursor: 'c3ludGhldGljOmJyb3dzZTpVQ1ZZYW1IbGlDSTlydzF0SFIxeGJrZnc6dmlkZW9zOjI%3D', hasMore: true });
    const page2 = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: DAVE2D, cursor: videos.pagination.cursor }, channel));
    expect(page2.items.map((post) => [post.id, post.viewCount])).toEqual([
      ['SyNth0004dD', 45000],
      ['SyNth0005eE', 2100000],
    ]);
    expect(page2.pagination.hasMore).toBe(false);
    const shorts = asList(await runEndpoint(videoChannelShortsEndpoint, { handle: DAVE2D }, channel));
    expect(shorts.items.map((post) => [post.id, post.type, post.viewCount, post.url])).toEqual([
      ['SyNthS001aA', 'short', 895000, 'https://www.youtube.com/shorts/SyNthS001aA'],
      ['SyNthS002bB', 'short', 1200000, 'https://www.youtube.com/shorts/SyNthS002bB'],
      ['SyNthS003cC', 'short', 57, 'https://www.youtube.com/shorts/SyNthS003cC'],
    ]);
  });

  it('reads the 2021 channel page: the old header and grid, exact views, a /c/ vanity URL', async () => {
    const channel = recorded((method) =>
      method === 'browse' ? jsonAnswer(dataOfPage('channel_videos_programmingknowledge_2021.html')) : undefined,
    );
    const creator = asSingle(await runEndpoint(videoChannelEndpoint, { handle: 'UCs6nmQViDpUw0nuIx9c_WvA' }, channel));
    expect(creator.data).toMatchObject({
      displayName: 'ProgrammingKnowledge',
      handle: null,
      followerCount: 1380000,
      postCount: null,
      verified: true,
    });
    expect(creator.data?.bio).toHaveLength(985);
    const videos = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: 'UCs6nmQViDpUw0nuIx9c_WvA' }, channel));
    expect(videos.items).toHaveLength(30);
    expect(videos.items[0]).toMatchObject({ id: 't_xLpJo_35k', viewCount: 1639, publishedAt: '2 days ago', durationSeconds: 27193 });
    expect(rawOf(videos).posts[0].approximate).toEqual([]);
    expect(videos.pagination.hasMore).toBe(true);
  });

  it('falls back to the recorded feed: 15 entries, exact views, likes from the star rating', async () => {
    const upstream = recorded((method) => {
      if (method === 'browse') return { status: 403, body: '<html>Forbidden</html>', headers: { 'content-type': 'text/html' } };
      if (method === '/feeds/videos.xml') return fileAnswer('feed_google_2016.xml');
      return undefined;
    });
    const result = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: 'UCK8sQmJBp8GCxrOtXWBpyEA' }, upstream));
    expect(result.items).toHaveLength(15);
    expect(result.items[0]).toMatchObject({
      id: '5shykyfmb28',
      title: 'The Google app: Questions',
      viewCount: 251497,
      likeCount: 3546,
      durationSeconds: null,
      publishedAt: '2015-05-04T00:01:27+00:00',
    });
    expect(rawOf(result).via).toBe('feed');
    expect(result.pagination.hasMore).toBe(false);
  });

  it('reads the recorded search pages: 20 videos with shelves skipped, then 18 by continuation', async () => {
    const upstream = recorded((method, body) => {
      if (method !== 'search') return undefined;
      return body.continuation === undefined
        ? jsonAnswer(dataOfPage('search_testing_2020.html'))
        : fileAnswer('search_testing_page2_2020.json');
    });
    const first = asList(await runEndpoint(videoSearchEndpoint, { query: 'testing' }, upstream));
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: '7JKFE03ix6E', viewCount: 42563, publishedAt: '8 months ago', durationSeconds: 269 });
    expect(rawOf(first).skipped).toMatchObject({ shelfRenderer: 1, horizontalCardListRenderer: 1 });
    expect(first.pagination).toEqual({ cursor: '<firstContinuationToken>', hasMore: true });
    // The recording's placeholder token is not a real token's spelling: the fetch is called with it directly.
    const second = asList(
      await videoSearchEndpoint.fetch(
        { query: 'testing', sort: 'relevance', cursor: '<firstContinuationToken>' },
        { upstream, fetchedAt: FETCHED_AT },
      ),
    );
    expect(second.items).toHaveLength(18);
    expect(second.items[0]!.id).toBe('gAbxeKXDeIY');
    expect(second.pagination).toEqual({ cursor: '<secondContinuationToken>', hasMore: true });
  });

  it('reads the 2026 comments: entity mutations, a pinned creator comment, rounded and empty counts, page 2, newest', async () => {
    const upstream = recorded((method, body) => {
      if (method !== 'next') return undefined;
      if (body.videoId !== undefined) return jsonAnswer(dataOfPage('watch_GJLlxj_dtq8_2025.html'));
      if (body.continuation === TOP_TOKEN) return fileAnswer('synthetic_next_comments_GJLlxj_dtq8_top.json');
      if (body.continuation === NEWEST_TOKEN) return fileAnswer('synthetic_next_comments_GJLlxj_dtq8_newest.json');
      return fileAnswer('synthetic_next_comments_GJLlxj_dtq8_top_p2.json');
    });
    const top = asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'GJLlxj_dtq8' }, upstream));
    expect(top.items.map((comment) => [comment.id, comment.likeCount, comment.replyCount])).toEqual([
      ['UgzSyntheticPinned00001AaABAg', 1200, 12],
      ['UgxSyntheticComment0002AaABAg', 348, 1],
      ['UgySyntheticComment0003AaABAg', 0, 0],
      ['UgwSyntheticComment0004AaABAg', 2, 3],
    ]);
    expect(top.items[0]).toMatchObject({
      authorHandle: 'Dave2D',
      authorId: DAVE2D,
      isPinned: true,
      isAuthorReply: true,
      postId: 'GJLlxj_dtq8',
    });
    expect(top.items[1]).toMatchObject({ publishedAt: '6 years ago', isPinned: false });
    expect(rawOf(top).comments[1]).toMatchObject({ hearted: true, edited: true });
    expect(rawOf(top).totalComments).toBe(2711);
    expect(top.pagination).toEqual({ cursor: 'c3ludGhldGljOmNvbW1lbnRzOkdKTGx4al9kdHE4OnRvcDoy', hasMore: true });
    const page2 = asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'GJLlxj_dtq8', cursor: top.pagination.cursor }, upstream));
    expect(page2.items.map((comment) => comment.likeCount)).toEqual([15, 1]);
    expect(page2.pagination.hasMore).toBe(false);
    const newest = asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'GJLlxj_dtq8', sort: 'newest' }, upstream));
    expect(newest.items.map((comment) => comment.id)[0]).toBe('UgxSyntheticComment0007AaABAg');
    expect(newest.items.some((comment) => comment.isPinned)).toBe(false);
  });

  it('classifies the error bodies, the removed channel, the consent page and the unusual-traffic page', async () => {
    const notFound = recorded((method) =>
      method === 'navigation/resolve_url' ? fileAnswer('synthetic_error_404_not_found.json') : undefined,
    );
    expect(asSingle(await runEndpoint(videoChannelEndpoint, { handle: '@no-such-handle-zz' }, notFound)).emptyReason).toBe('not_found');
    const badCursor = recorded((method) => (method === 'next' ? fileAnswer('synthetic_error_400_invalid_argument.json') : undefined));
    const cursorError = await errorOf(runEndpoint(videoPostCommentsEndpoint, { url: 'GJLlxj_dtq8', cursor: 'not-a-token' }, badCursor));
    expect(cursorError).toMatchObject({ code: 'invalid_request' });
    expect(cursorError.message).toContain('cursor');
    const removed = recorded((method) => (method === 'browse' ? fileAnswer('synthetic_browse_channel_removed.json') : undefined));
    for (const endpoint of [videoChannelEndpoint, videoChannelVideosEndpoint, videoChannelShortsEndpoint] as EndpointDefinition[]) {
      const result = await runEndpoint(endpoint, { handle: 'UCx0SYNTHETICx0REMOVEDx0' }, removed);
      expect('items' in result ? result.emptyReason : result.emptyReason).toBe('removed');
    }
    const consent = await errorOf(
      runEndpoint(
        videoPostEndpoint,
        { url: 'F1xioXWb8CY' },
        recorded(() => fileAnswer('consent_page_2021.html')),
      ),
    );
    expect(consent.code).toBe('upstream_blocked');
    const limited = await errorOf(
      runEndpoint(
        videoPostEndpoint,
        { url: 'GJLlxj_dtq8' },
        recorded(() => fileAnswer('too_many_requests_2021.html')),
      ),
    );
    expect(limited).toBeInstanceOf(GatewayError);
    expect(limited).toMatchObject({ code: 'upstream_rate_limited', retryAfter: 60 });
    expect(sample('too_many_requests_2021.html')).toContain('g-recaptcha');
  });
});
