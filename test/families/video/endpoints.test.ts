import { describe, expect, it } from 'vitest';
import { videoChannelEndpoint } from '../../../src/families/video/endpoints/channel.js';
import { videoChannelShortsEndpoint, videoChannelVideosEndpoint } from '../../../src/families/video/endpoints/channel-videos.js';
import { videoPostCommentsEndpoint } from '../../../src/families/video/endpoints/post-comments.js';
import { videoPostTranscriptEndpoint } from '../../../src/families/video/endpoints/post-transcript.js';
import { videoPostEndpoint } from '../../../src/families/video/endpoints/post.js';
import { videoSearchEndpoint } from '../../../src/families/video/endpoints/search.js';
import { channelIdFor } from '../../../src/families/video/demo/answers.js';
import { asList, asSingle, errorOf, innertubeCalls, rawOf, runEndpoint, stubPlatform } from './support.js';

const VIDEO = 'vidDemo0001';

describe('/v1/video/post', () => {
  it('reads player and next in parallel into a Post, with raw.playability and no stream URL', async () => {
    const upstream = stubPlatform();
    const result = asSingle(await runEndpoint(videoPostEndpoint, { url: `https://youtu.be/${VIDEO}` }, upstream));
    expect(result.data).toMatchObject({
      platform: 'youtube',
      id: VIDEO,
      type: 'video',
      url: `https://www.youtube.com/watch?v=${VIDEO}`,
      authorId: channelIdFor('ana'),
      authorHandle: 'ana',
      durationSeconds: 317,
      likeCount: 50,
      commentCount: 1200,
      hashtags: ['demo', 'synthetic'],
      mentions: ['ana-friend'],
      isSponsored: false,
      publishedAt: '2026-01-15T09:00:00-08:00',
    });
    expect(rawOf(result)).toMatchObject({
      playability: { status: 'OK', reason: null },
      keywords: ['demo', 'synthetic'],
      live: null,
      approximate: ['commentCount'],
    });
    expect(JSON.stringify(result.raw)).not.toContain('googlevideo');
    expect(
      innertubeCalls(upstream)
        .map((call) => call.method)
        .sort(),
    ).toEqual(['next', 'player']);
  });

  it('types shorts and live streams', async () => {
    const short = asSingle(await runEndpoint(videoPostEndpoint, { url: 'shortClip01' }, stubPlatform()));
    expect(short.data).toMatchObject({ type: 'short', url: 'https://www.youtube.com/shorts/shortClip01' });
    const live = asSingle(await runEndpoint(videoPostEndpoint, { url: 'liveStream1' }, stubPlatform()));
    expect(live.data?.type).toBe('live');
    expect(rawOf(live).live).toMatchObject({ isLiveNow: true });
  });

  it('serves an age-gated video with raw.playability; private, removed and unknown ones are empty', async () => {
    const gated = asSingle(await runEndpoint(videoPostEndpoint, { url: 'agegateVid1' }, stubPlatform()));
    expect(gated.data?.id).toBe('agegateVid1');
    expect(rawOf(gated).playability).toEqual({ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' });
    for (const [id, reason] of [
      ['privateVid1', 'private'],
      ['removedVid1', 'removed'],
      ['missingVid1', 'not_found'],
    ]) {
      const result = asSingle(await runEndpoint(videoPostEndpoint, { url: id }, stubPlatform()));
      expect(result).toMatchObject({ data: null, emptyReason: reason });
    }
  });

  it('refuses the bot check and the consent page as upstream_blocked, an answer without its root as drift', async () => {
    expect((await errorOf(runEndpoint(videoPostEndpoint, { url: 'botcheckVd1' }, stubPlatform()))).code).toBe('upstream_blocked');
    expect((await errorOf(runEndpoint(videoPostEndpoint, { url: 'consentVid1' }, stubPlatform()))).code).toBe('upstream_blocked');
    expect((await errorOf(runEndpoint(videoPostEndpoint, { url: 'driftVideo1' }, stubPlatform()))).code).toBe('upstream_schema_drift');
  });
});

describe('/v1/video/post/comments', () => {
  it('reads the entity mutations: pinned creator comment first, rounded likes, "" as 0, edited and hearted in raw', async () => {
    const upstream = stubPlatform();
    const result = asList(await runEndpoint(videoPostCommentsEndpoint, { url: VIDEO }, upstream));
    expect(result.items.map((comment) => comment.id)).toEqual([`Ugw${VIDEO}pin`, `Ugx${VIDEO}one`, `Ugy${VIDEO}two`]);
    expect(result.items[0]).toMatchObject({
      postId: VIDEO,
      parentId: null,
      authorHandle: 'ana',
      authorName: null,
      likeCount: 2400,
      replyCount: 7,
      isPinned: true,
      isAuthorReply: true,
    });
    expect(result.items[1]).toMatchObject({ likeCount: 15, replyCount: 0, isPinned: false, publishedAt: '1 day ago' });
    expect(result.items[2]).toMatchObject({ likeCount: 0, replyCount: 1 });
    expect(rawOf(result).totalComments).toBe(1204);
    expect(rawOf(result).comments[0]).toMatchObject({ approximate: ['likeCount'], hearted: false });
    expect(rawOf(result).comments[1]).toMatchObject({ edited: true, hearted: true });
    expect(result.pagination).toEqual({ cursor: `comments.${VIDEO}.top.2`, hasMore: true });
    expect(innertubeCalls(upstream).map((call) => call.body)).toEqual([
      expect.objectContaining({ videoId: VIDEO }),
      expect.objectContaining({ continuation: `comments.${VIDEO}.top` }),
    ]);
  });

  it('pages with the cursor alone, reading the older commentRenderer shape', async () => {
    const upstream = stubPlatform();
    const result = asList(await runEndpoint(videoPostCommentsEndpoint, { url: VIDEO, cursor: `comments.${VIDEO}.top.2` }, upstream));
    expect(result.items[0]).toMatchObject({ id: `Ugz${VIDEO}old`, authorHandle: 'viewer-three', likeCount: 3 });
    expect(result.pagination.hasMore).toBe(false);
    expect(innertubeCalls(upstream)).toHaveLength(1);
    expect(innertubeCalls(upstream)[0]!.body).not.toHaveProperty('videoId');
  });

  it("sorts newest through the header's second token", async () => {
    const upstream = stubPlatform();
    const result = asList(await runEndpoint(videoPostCommentsEndpoint, { url: VIDEO, sort: 'newest' }, upstream));
    expect(result.items[0]!.id).toBe(`Ugy${VIDEO}two`);
    expect(innertubeCalls(upstream).at(-1)!.body).toMatchObject({ continuation: `comments.${VIDEO}.newest` });
  });

  it('is empty for comments turned off and for a missing video; a refused cursor is invalid_request naming cursor', async () => {
    expect(asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'nocomment01' }, stubPlatform())).emptyReason).toBe(
      'comments_disabled',
    );
    expect(asList(await runEndpoint(videoPostCommentsEndpoint, { url: 'privateVid1' }, stubPlatform())).emptyReason).toBe('not_found');
    const error = await errorOf(runEndpoint(videoPostCommentsEndpoint, { url: VIDEO, cursor: 'not-a-token' }, stubPlatform()));
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect(error.message).toContain('cursor');
  });
});

describe('/v1/video/post/transcript', () => {
  it('asks the ANDROID player, reads the person-written track without fmt, and names it in raw.track', async () => {
    const upstream = stubPlatform();
    const result = asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: VIDEO }, upstream));
    expect(result.data).toMatchObject({
      id: VIDEO,
      postId: VIDEO,
      language: 'en',
      isAutoGenerated: false,
      source: 'captions',
      text: 'Welcome to the demo Thanks for watching',
      durationSeconds: 317,
    });
    expect(result.data?.cues).toEqual([
      { start: 0, end: 1.5, text: 'Welcome to the demo' },
      { start: 2, end: 4.25, text: 'Thanks for watching' },
    ]);
    expect(rawOf(result).track).toEqual({ languageCode: 'en', kind: null, name: 'English', vssId: '.en' });
    expect(innertubeCalls(upstream)[0]!.body).toMatchObject({ context: { client: { clientName: 'ANDROID' } } });
    expect(upstream.calls[1]!.url).not.toContain('fmt=');
  });

  it('reads speech recognition when asked, decoding the doubled escapes', async () => {
    const result = asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: VIDEO, track: 'asr' }, stubPlatform()));
    expect(result.data).toMatchObject({ isAutoGenerated: true, text: "hi it's a demo [Music]" });
  });

  it('is empty for age gates, no captions and a missing language (listing what there is)', async () => {
    expect(asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: 'agegateVid1' }, stubPlatform())).emptyReason).toBe(
      'age_restricted',
    );
    expect(asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: 'nocaption01' }, stubPlatform())).emptyReason).toBe(
      'no_captions',
    );
    const missing = asSingle(await runEndpoint(videoPostTranscriptEndpoint, { url: VIDEO, language: 'de' }, stubPlatform()));
    expect(missing.emptyReason).toBe('language_unavailable');
    expect(rawOf(missing).availableLanguages).toEqual([
      { languageCode: 'en', kind: null, name: 'English' },
      { languageCode: 'en', kind: 'asr', name: 'English (auto-generated)' },
    ]);
  });

  it('refuses an empty caption file as upstream_blocked', async () => {
    expect((await errorOf(runEndpoint(videoPostTranscriptEndpoint, { url: 'emptyfile01' }, stubPlatform()))).code).toBe('upstream_blocked');
  });
});

describe('/v1/video/channel', () => {
  it('resolves a handle, then browses: the 2026 header read into a Creator', async () => {
    const upstream = stubPlatform();
    const result = asSingle(await runEndpoint(videoChannelEndpoint, { handle: '@ana' }, upstream));
    expect(result.data).toMatchObject({
      id: channelIdFor('ana'),
      handle: 'ana',
      displayName: 'Demo ana',
      url: `https://www.youtube.com/channel/${channelIdFor('ana')}`,
      verified: true,
      followerCount: 12500,
      postCount: 3,
      isPrivate: false,
      externalLinks: ['https://demo.example/ana'],
    });
    expect(rawOf(result).approximate).toEqual(['followerCount']);
    expect(innertubeCalls(upstream).map((call) => call.body)).toEqual([
      expect.objectContaining({ url: 'https://www.youtube.com/@ana' }),
      expect.objectContaining({ browseId: channelIdFor('ana'), params: 'EgZ2aWRlb3PyBgQKAjoA' }),
    ]);
  });

  it('browses an id directly; unknown and removed channels are empty', async () => {
    const upstream = stubPlatform();
    await runEndpoint(videoChannelEndpoint, { handle: channelIdFor('ana') }, upstream);
    expect(innertubeCalls(upstream).map((call) => call.method)).toEqual(['browse']);
    expect(asSingle(await runEndpoint(videoChannelEndpoint, { handle: '@missingone' }, stubPlatform())).emptyReason).toBe('not_found');
    expect(asSingle(await runEndpoint(videoChannelEndpoint, { handle: channelIdFor('missingtwo') }, stubPlatform())).emptyReason).toBe(
      'not_found',
    );
    expect(asSingle(await runEndpoint(videoChannelEndpoint, { handle: '@removedone' }, stubPlatform())).emptyReason).toBe('removed');
  });
});

describe('/v1/video/channel/videos and /shorts', () => {
  it('lists the Videos tab newest first with the channel as author, and pages by continuation alone', async () => {
    const result = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: 'ana' }, stubPlatform()));
    expect(result.items).toHaveLength(3);
    expect(result.items[0]).toMatchObject({
      type: 'video',
      viewCount: 1500,
      durationSeconds: 317,
      publishedAt: '1 days ago',
      authorId: channelIdFor('ana'),
      authorHandle: 'ana',
    });
    expect(rawOf(result)).toMatchObject({
      via: 'browse',
      posts: [{ approximate: ['viewCount'] }, { approximate: [] }, { approximate: [] }],
    });
    const upstream = stubPlatform();
    const page2 = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: 'ana', cursor: result.pagination.cursor }, upstream));
    expect(page2.items[0]).toMatchObject({ viewCount: 45000, durationSeconds: 3729 });
    expect(page2.pagination.hasMore).toBe(false);
    expect(innertubeCalls(upstream).map((call) => Object.keys(call.body!))).toEqual([['context', 'continuation']]);
  });

  it('falls back to the feed when browse of a channel id is refused', async () => {
    const result = asList(await runEndpoint(videoChannelVideosEndpoint, { handle: channelIdFor('refusedone') }, stubPlatform()));
    expect(rawOf(result).via).toBe('feed');
    expect(result.items[0]).toMatchObject({ viewCount: 1001, likeCount: 11, durationSeconds: null });
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('lists shorts; a channel without the tab is no_results', async () => {
    const result = asList(await runEndpoint(videoChannelShortsEndpoint, { handle: 'ana' }, stubPlatform()));
    expect(result.items.map((post) => [post.type, post.viewCount])).toEqual([
      ['short', 895000],
      ['short', 57],
    ]);
    expect(asList(await runEndpoint(videoChannelShortsEndpoint, { handle: 'noshortsone' }, stubPlatform())).emptyReason).toBe('no_results');
  });
});

describe('/v1/video/search', () => {
  it('keeps videos, skips shelves and channels, and pages', async () => {
    const upstream = stubPlatform();
    const result = asList(await runEndpoint(videoSearchEndpoint, { query: '  surface   go ', sort: 'date' }, upstream));
    expect(result.items.map((post) => post.title)).toEqual(['surface go one', 'surface go two']);
    expect(result.items[0]).toMatchObject({
      viewCount: 42563,
      durationSeconds: 269,
      authorHandle: 'ana',
      text: 'About surface go one #demo',
    });
    expect(rawOf(result).skipped).toEqual({ shelfRenderer: 1, channelRenderer: 1 });
    expect(innertubeCalls(upstream)[0]!.body).toMatchObject({ query: 'surface go', params: 'CAISAhAB' });
    expect(result.pagination).toEqual({ cursor: 'search.page.2', hasMore: true });
    expect(asList(await runEndpoint(videoSearchEndpoint, { query: 'nothing here' }, stubPlatform())).emptyReason).toBe('no_results');
  });
});
