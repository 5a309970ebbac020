import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../support/fake-upstream-server.js';
import { callTool, connectClient } from '../../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { eventually, WebhookReceiver } from '../../../subscriptions/support.js';
import { videoPlatformRoute } from '../../../../src/families/video/demo/platform.js';
import { channelIdFor } from '../../../../src/families/video/demo/answers.js';

/**
 * The video family over the real gateway on loopback, its platform a synthetic fake: every
 * endpoint on REST, GraphQL (root fields and edges), MCP, jobs, batches and a change
 * subscription; the billing of live, cached, empty and failed calls; the platform's refusals;
 * bad input; identical InnerTube POSTs in flight sharing one request; /v1/resolve.
 */

const VIDEO = 'vidDoors001';
const ANA = channelIdFor('ana');
const q = encodeURIComponent;

const innertube = (harness: Harness, method: string) =>
  harness.upstream.requests.filter((request) => request.url.startsWith(`/youtubei/v1/${method}`));

describe('the video family on every door', () => {
  let harness: Harness;
  let uploads = 3;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
  });
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(videoPlatformRoute({ uploads: () => uploads }));
  });

  it('serves the seven endpoints on REST, each live call 1 credit, logged out: POSTs to InnerTube without cookie or key', async () => {
    const paths: [string, 'single' | 'list'][] = [
      [`/v1/video/post?url=${q(`https://www.youtube.com/watch?v=${VIDEO}&t=1`)}`, 'single'],
      [`/v1/video/post/comments?url=${q(`youtu.be/${VIDEO}`)}&sort=newest`, 'list'],
      [`/v1/video/post/transcript?url=${VIDEO}&language=en-GB`, 'single'],
      [`/v1/video/channel?handle=${q('@ana')}`, 'single'],
      [`/v1/video/channel/videos?handle=${q('https://www.youtube.com/@ana/videos')}`, 'list'],
      [`/v1/video/channel/shorts?handle=${ANA}`, 'list'],
      ['/v1/video/search?query=demo&sort=views', 'list'],
    ];
    for (const [path, kind] of paths) expectPaid(await harness.get(path), kind);
    const requests = harness.upstream.requests;
    expect(requests.every((request) => request.host === 'www.youtube.com')).toBe(true);
    expect(requests.every((request) => request.headers.cookie === undefined && !request.url.includes('key='))).toBe(true);
    expect(requests.filter((request) => request.url.startsWith('/youtubei/')).every((request) => request.method === 'POST')).toBe(true);
    expect(requests.some((request) => request.url.startsWith('/api/timedtext') && !request.url.includes('fmt='))).toBe(true);
  });

  it('serves a cache hit for 0 credits, with the raw a live answer had and no stream URL', async () => {
    const path = '/v1/video/post?url=vidCache001&cache_max_age=1h&include_raw=true';
    const live = await harness.get(path);
    expectPaid(live, 'single');
    expect(live.body.raw.approximate).toEqual(['commentCount']);
    expect(JSON.stringify(live.body)).not.toContain('googlevideo');
    const hit = await harness.get(path);
    expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(hit.body.data).toEqual(live.body.data);
    expect(harness.upstream.requests).toHaveLength(2);
  });

  it('answers empty results and failures for 0 credits, each with its reason or code', async () => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get('/v1/video/post?url=privateVid1'), 'single', 'private');
    expectEmpty(await harness.get('/v1/video/post?url=removedVid1'), 'single', 'removed');
    expectEmpty(await harness.get('/v1/video/post?url=missingVid1'), 'single', 'not_found');
    expectEmpty(await harness.get('/v1/video/post/comments?url=nocomment01'), 'list', 'comments_disabled');
    expectEmpty(await harness.get('/v1/video/post/transcript?url=agegateVid1'), 'single', 'age_restricted');
    expectEmpty(await harness.get('/v1/video/post/transcript?url=nocaption01'), 'single', 'no_captions');
    expectEmpty(await harness.get(`/v1/video/post/transcript?url=${VIDEO}&language=fr`), 'single', 'language_unavailable');
    expectEmpty(await harness.get('/v1/video/channel?handle=missingchan'), 'single', 'not_found');
    expectEmpty(await harness.get(`/v1/video/channel/videos?handle=${channelIdFor('removedchan')}`), 'list', 'removed');
    expectEmpty(await harness.get('/v1/video/channel/shorts?handle=noshortschan'), 'list', 'no_results');
    expectEmpty(await harness.get('/v1/video/search?query=nothing%20at%20all'), 'list', 'no_results');
    expectError(await harness.get('/v1/video/post?url=botcheckVd1'), 502, 'upstream_blocked');
    expectError(await harness.get('/v1/video/post/transcript?url=botcheckVd1'), 502, 'upstream_blocked');
    expectError(await harness.get('/v1/video/post?url=consentVid1'), 502, 'upstream_blocked');
    expectError(await harness.get('/v1/video/post?url=driftVideo1'), 502, 'upstream_schema_drift');
    expectError(await harness.get(`/v1/video/post/comments?url=${VIDEO}&cursor=not-a-token`), 400, 'invalid_request');
    const age = await harness.get('/v1/video/post?url=agegateVid1&include_raw=true');
    expectPaid(age, 'single');
    expect(age.body.raw.playability).toEqual({ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' });
    expect(await balanceOf(harness)).toBe(before - 1);
  });

  it('refuses every malformed input with 400 naming the parameter, before any upstream request', async () => {
    for (const [path, param] of [
      ['/v1/video/post?url=tooShort', 'url'],
      [`/v1/video/post?url=${q('https://music.youtube.com/watch?v=vidDoors001')}`, 'url'],
      [`/v1/video/post/comments?url=${VIDEO}&sort=oldest`, 'sort'],
      [`/v1/video/post/comments?url=${VIDEO}&cursor=${q('bad token!')}`, 'cursor'],
      [`/v1/video/post/transcript?url=${VIDEO}&language=${q('en;drop')}`, 'language'],
      [`/v1/video/post/transcript?url=${VIDEO}&track=robot`, 'track'],
      ['/v1/video/channel?handle=ab', 'handle'],
      [`/v1/video/channel/videos?handle=${q('https://example.com/@ana')}`, 'handle'],
      ['/v1/video/search?query=%20%20', 'query'],
    ]) {
      const response = await harness.get(path!);
      expectError(response, 400, 'invalid_request');
      expect([path, response.body.error.details.param]).toEqual([path, param]);
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('shares one InnerTube POST between identical questions in flight (a channel and its videos ask the same two)', async () => {
    // The platform answers slowly, so both callers' questions are in flight together.
    const slow: FakeRoute = (request, url) => {
      const reply = videoPlatformRoute()(request, url);
      return reply === undefined ? undefined : { ...reply, delayMs: 400 };
    };
    harness.upstream.reset();
    harness.upstream.on(slow);
    const [channel, videos] = await Promise.all([
      harness.get('/v1/video/channel?handle=@sharing'),
      harness.get('/v1/video/channel/videos?handle=sharing'),
    ]);
    expectPaid(channel, 'single');
    expectPaid(videos, 'list');
    expect(innertube(harness, 'navigation/resolve_url')).toHaveLength(1);
    expect(innertube(harness, 'browse')).toHaveLength(1);
  });

  it('serves the GraphQL root fields and the edges Post.author, Post.comments, Post.transcript and Creator.posts', async () => {
    const response = await harness.graphql(`{
      videoPost(url: "${VIDEO}") {
        platformId type likeCount
        author { handle followerCount posts(limit: 2) { items { platformId } pagination { hasMore } } }
        comments { items { platformId isPinned } }
        transcript { language text }
      }
      videoPostComments(url: "${VIDEO}", sort: NEWEST) { items { platformId } }
      videoSearch(query: "graph", sort: DATE) { items { title } }
      videoChannelShorts(handle: "ana") { items { type } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const video = response.body.data.videoPost;
    expect(video).toMatchObject({
      platformId: VIDEO,
      type: 'video',
      likeCount: 50,
      author: { handle: 'ana', followerCount: 12500 },
      transcript: { language: 'en' },
    });
    expect(video.author.posts.items).toHaveLength(2);
    expect(video.author.posts.pagination.hasMore).toBe(true);
    expect(video.comments.items[0]).toMatchObject({ isPinned: true });
    expect(response.body.data.videoPostComments.items[0].platformId).toBe(`Ugy${VIDEO}two`);
    expect(response.body.data.videoSearch.items.map((item: { title: string }) => item.title)).toEqual(['graph one', 'graph two']);
    expect(response.body.extensions.billing.creditsCharged).toBe(response.body.extensions.billing.liveFetches);
    const empty = await harness.graphql('{ videoPost(url: "privateVid1") { platformId transcript { text } } }');
    expect(empty.body.data).toEqual({ videoPost: null });
    expect(empty.body.extensions.billing).toMatchObject({ creditsCharged: 0 });
  });

  it('runs a job and a batch over the family, charging only the live non-empty targets', async () => {
    const job = await harness.post('/v1/jobs', { endpoint: '/v1/video/channel', params: { handle: '@ana' } });
    expect(job.status).toBe(202);
    expect((await harness.finishedJob(job.body.data.id)).result.data.id).toBe(ANA);
    const before = await balanceOf(harness);
    const batch = await harness.post('/v1/jobs/batch', {
      endpoint: '/v1/video/post',
      targets: [{ url: 'vidBatch001' }, { url: 'https://youtu.be/vidBatch002' }, { url: 'privateVid1' }, { url: 'botcheckVd1' }],
    });
    expect(batch.status).toBe(202);
    expect(await harness.finishedJob(batch.body.data.id)).toMatchObject({ status: 'succeeded', creditsCharged: 2 });
    expect(await balanceOf(harness)).toBe(before - 2);
  });

  it('refuses a subscription on transcripts and search, and delivers one when a watched channel uploads', async () => {
    for (const endpoint of ['/v1/video/post/transcript', '/v1/video/search']) {
      const refused = await harness.post('/v1/subscriptions', {
        endpoint,
        params: endpoint.endsWith('search') ? { query: 'demo' } : { url: VIDEO },
        webhookUrl: receiver.url,
        intervalSeconds: 60,
      });
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'endpoint' } });
    }
    uploads = 3;
    const created = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/video/channel/videos',
      params: { handle: 'https://www.youtube.com/@ana' },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.params).toMatchObject({ handle: '@ana' });
    const { id, secret } = created.body.data as { id: string; secret: string };
    receiver.secret = secret;
    await eventually(async () => ((await harness.get(`/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined), 'the baseline check');
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    uploads = 4;
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const delivery = await eventually(() => receiver.received[0], 'the delivery');
    expect(delivery.verified).toMatchObject({ type: 'content.changed' });
    expect(delivery.verified!.data.items[0].id).toBe('vidana00003');
  });

  it('serves the MCP tools through the same pipeline', async () => {
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('video_'));
      expect(names.sort()).toEqual(
        [
          'video_channel',
          'video_channel_shorts',
          'video_channel_videos',
          'video_post',
          'video_post_comments',
          'video_post_transcript',
          'video_search',
        ].sort(),
      );
      const transcript = await callTool(client, 'video_post_transcript', { url: VIDEO, track: 'asr' });
      expect(transcript.isError).toBeFalsy();
      expect((transcript.structuredContent as { data: { isAutoGenerated: boolean } }).data.isAutoGenerated).toBe(true);
      const missing = await callTool(client, 'video_post', { url: 'missingVid1' });
      expect(missing._meta).toMatchObject({ empty: true, reason: 'not_found', creditsCharged: 0 });
    } finally {
      await client.close();
    }
  });

  it('resolves watch, short-link, shorts, channel, channel-tab and search URLs to their endpoints', async () => {
    for (const [url, endpoint, params] of [
      [`https://www.youtube.com/watch?v=${VIDEO}&list=PL1`, '/v1/video/post', { url: VIDEO }],
      [`https://youtu.be/${VIDEO}`, '/v1/video/post', { url: VIDEO }],
      [`https://m.youtube.com/shorts/${VIDEO}`, '/v1/video/post', { url: VIDEO }],
      ['https://www.youtube.com/@Ana', '/v1/video/channel', { handle: '@ana' }],
      [`https://www.youtube.com/channel/${ANA}/about`, '/v1/video/channel', { handle: ANA }],
      ['https://www.youtube.com/@ana/videos', '/v1/video/channel/videos', { handle: '@ana' }],
      ['https://www.youtube.com/@ana/shorts', '/v1/video/channel/shorts', { handle: '@ana' }],
      ['https://www.youtube.com/results?search_query=resolve+me', '/v1/video/search', { query: 'resolve me' }],
    ] as const) {
      const resolved = await harness.get(`/v1/resolve?url=${q(url)}`);
      expect([url, resolved.status]).toEqual([url, 200]);
      expect(resolved.body.meta.resolved).toMatchObject({ endpoint, params });
    }
  });
});

describe("the platform's throttle in one process", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(videoPlatformRoute());
  }, 60_000);
  afterAll(() => harness.close());

  it('takes the unusual-traffic 429 as spent for 60 s: 429 with Retry-After, then no request, never charged', async () => {
    const before = await balanceOf(harness);
    const limited = await harness.get('/v1/video/post?url=limitedVid1');
    expectError(limited, 429, 'upstream_rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const requests = harness.upstream.requests.length;
    expectError(await harness.get('/v1/video/channel?handle=@ana'), 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.length).toBe(requests);
    expect(await balanceOf(harness)).toBe(before);
  });
});

describe("the platform's CAPTCHA redirect", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(videoPlatformRoute());
  }, 60_000);
  afterAll(() => harness.close());

  it('is a rate limit too, never followed', async () => {
    expectError(await harness.get('/v1/video/post?url=sorryVidVd1'), 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.every((request) => request.host === 'www.youtube.com')).toBe(true);
    const requests = harness.upstream.requests.length;
    expectError(await harness.get('/v1/video/search?query=after'), 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.length).toBe(requests);
  });
});
