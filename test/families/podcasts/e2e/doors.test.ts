import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedResolver } from '../../../../src/demo/fixed-resolver.js';
import { callTool, connectClient } from '../../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls } from '../../../support/envelope.js';
import type { FakeReply } from '../../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { WebhookReceiver, eventually } from '../../../subscriptions/support.js';
import {
  EPISODE_ID,
  FEED_HOST,
  FEED_URL,
  GUID_NEWEST,
  NEW_ITEM,
  NO_FEED_SHOW_ID,
  OLD_FEED_HOST,
  PODCAST_HOSTS,
  PRIVATE_FEED_HOST,
  PRIVATE_SHOW_ID,
  MOVED_SHOW_ID,
  SHOW_ID,
  TRANSCRIPT_HTML,
  TRANSCRIPT_JSON,
  SRT,
  VTT,
  appleBody,
  episodeRecord,
  notesFeed,
  showRecord,
} from '../fixtures/world.js';

/** The podcasts family end to end: the real gateway, Apple and the feed hosts on a loopback fake, on every door. */

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

interface World {
  newEpisode: boolean;
  throttled: boolean;
}

const apple = (results: Record<string, unknown>[], status = 200): FakeReply => ({
  status,
  body: appleBody(results),
  headers: { 'content-type': 'text/javascript; charset=utf-8' },
});

function route(world: World) {
  return (request: { host?: string }, url: URL): FakeReply | undefined => {
    if (request.host === 'itunes.apple.com') {
      if (world.throttled) return apple([], 403);
      const id = url.searchParams.get('id');
      if (url.pathname === '/search') return apple(url.searchParams.get('term') === 'nothing' ? [] : [showRecord(SHOW_ID, FEED_URL)]);
      if (id === SHOW_ID) return apple([showRecord(SHOW_ID, FEED_URL)]);
      if (id === NO_FEED_SHOW_ID) return apple([showRecord(NO_FEED_SHOW_ID, null)]);
      if (id === MOVED_SHOW_ID) return apple([showRecord(MOVED_SHOW_ID, `http://${OLD_FEED_HOST}/notes`)]);
      if (id === PRIVATE_SHOW_ID) return apple([showRecord(PRIVATE_SHOW_ID, `https://${FEED_HOST}/away.xml`)]);
      if (id === EPISODE_ID) return apple([episodeRecord(GUID_NEWEST)]);
      return apple([]);
    }
    if (request.host === OLD_FEED_HOST) return { status: 301, headers: { location: FEED_URL } };
    if (request.host === FEED_HOST && url.pathname === '/away.xml')
      return { status: 302, headers: { location: `https://${PRIVATE_FEED_HOST}/feed.xml` } };
    if (request.host === FEED_HOST) {
      const body = notesFeed(world.newEpisode ? { extraItem: NEW_ITEM } : {});
      return { status: 200, body, headers: { 'content-type': 'text/xml; charset=utf-8' } };
    }
    const files: Record<string, [string, string]> = {
      '/t/0004.vtt': [VTT, 'text/vtt'],
      '/t/0004.srt': [SRT, 'application/x-subrip'],
      '/t/0004.json': [TRANSCRIPT_JSON, 'application/json'],
      '/t/0004.html': [TRANSCRIPT_HTML, 'text/html'],
    };
    const file = files[url.pathname];
    return file ? { status: 200, body: file[0], headers: { 'content-type': file[1] } } : undefined;
  };
}

describe('podcasts over loopback', () => {
  let harness: Harness;
  let client: Client;
  let world: World;
  beforeAll(async () => {
    harness = await startHarness(
      { PODCASTS_ITUNES_PER_MINUTE: '600', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE: 'true' },
      { callerHosts: PODCAST_HOSTS, resolveAll: fixedResolver({ [PRIVATE_FEED_HOST]: ['10.20.30.40'] }) },
    );
    client = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });
  beforeEach(async () => {
    world = { newEpisode: false, throttled: false };
    harness.upstream.reset();
    harness.upstream.on(route(world));
    await harness.gateway.upstreamBudgets.forget();
  });

  it('serves a show and its episodes on REST, one credit each, every id form sharing one cache entry', async () => {
    const show = await harness.get(`/v1/podcasts/show?${q({ show: `https://podcasts.apple.com/us/podcast/harbour-notes/id${SHOW_ID}` })}`);
    expectPaid(show, 'single');
    expect(show.body.data).toMatchObject({ platform: 'apple_podcasts', id: SHOW_ID, bio: 'Stories & sounds from the harbour.' });
    expect(upstreamUrls(harness)).toEqual([`itunes.apple.com/lookup?id=${SHOW_ID}&country=us`, `${FEED_HOST}/notes.xml`]);
    for (const form of [SHOW_ID, `id${SHOW_ID}`, `https://itunes.apple.com/podcast/id${SHOW_ID}?mt=2`]) {
      const again = await harness.get(`/v1/podcasts/show?${q({ show: form, cache_max_age: '1h' })}`);
      expect(again.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    }
    const episodes = await harness.get(`/v1/podcasts/show/episodes?${q({ show: SHOW_ID, limit: '2', include_raw: 'true' })}`);
    expectPaid(episodes, 'list');
    expect(episodes.body.data.items.map((post: { id: string }) => post.id)).toEqual([GUID_NEWEST, 'notes-0003']);
    expect(episodes.body.raw).toMatchObject({ itemCount: 4, skipped: 3 });
    world.newEpisode = true;
    const next = await harness.get(
      `/v1/podcasts/show/episodes?${q({ show: SHOW_ID, limit: '2', cursor: episodes.body.pagination.cursor })}`,
    );
    expect(next.body.data.items.map((post: { title: string }) => post.title)).toEqual(['Tides', 'Pilot']);
  });

  it('reports a moved feed’s final URL and answers empty results free', async () => {
    const moved = await harness.get(`/v1/podcasts/show?${q({ show: MOVED_SHOW_ID, include_raw: 'true' })}`);
    expectPaid(moved, 'single');
    expect(moved.body.raw.show).toMatchObject({ feedUrl: `http://${OLD_FEED_HOST}/notes`, finalFeedUrl: FEED_URL });
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`/v1/podcasts/search?${q({ query: 'nothing' })}`), 'list', 'no_results');
    expectEmpty(await harness.get(`/v1/podcasts/show/episodes?${q({ show: NO_FEED_SHOW_ID })}`), 'list', 'no_feed');
    expectEmpty(await harness.get(`/v1/podcasts/show?${q({ show: '424242' })}`), 'single', 'not_found');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses bad input with 400 naming the parameter, nothing fetched, nothing charged', async () => {
    const before = await balanceOf(harness);
    for (const [path, param] of [
      [`/v1/podcasts/show?${q({ show: 'https://example.org/not-apple' })}`, 'show'],
      [`/v1/podcasts/search?${q({ query: 'x', country: 'QQ' })}`, 'country'],
      [`/v1/podcasts/show/episodes?${q({ show: SHOW_ID, cursor: 'not-a-cursor' })}`, 'cursor'],
      [`/v1/podcasts/episode?${q({ id: EPISODE_ID, guid: 'g' })}`, 'id'],
      [`/v1/podcasts/episode/transcript?${q({ show: SHOW_ID, guid: 'g', language: '12' })}`, 'language'],
      [`/v1/podcasts/show?${q({ show: `https://podcasts.apple.com/de/podcast/id${SHOW_ID}`, country: 'fr' })}`, 'country'],
    ] as const) {
      const answer = await harness.get(path);
      expectError(answer, 400, 'invalid_request');
      expect(answer.body.error.details.param, path).toBe(param);
    }
    expect(harness.upstream.requests).toEqual([]);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('reads Apple’s 403 as its throttle: 429 with Retry-After, never cached as empty, and no further request', async () => {
    world.throttled = true;
    const throttled = await harness.get(`/v1/podcasts/search?${q({ query: 'harbour' })}`);
    expectError(throttled, 429, 'upstream_rate_limited');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    world.throttled = false;
    const refused = await harness.get(`/v1/podcasts/show?${q({ show: SHOW_ID })}`);
    expectError(refused, 429, 'upstream_rate_limited');
    expect(harness.upstream.requests).toHaveLength(1);
    await harness.gateway.upstreamBudgets.forget();
    expectPaid(await harness.get(`/v1/podcasts/search?${q({ query: 'harbour', cache_max_age: '1h' })}`), 'list');
  });

  it('refuses a feed that redirects to a private address: 502 upstream_blocked, never connected', async () => {
    const answer = await harness.get(`/v1/podcasts/show/episodes?${q({ show: PRIVATE_SHOW_ID })}`);
    expectError(answer, 502, 'upstream_blocked');
    expect(answer.body.error.details).toMatchObject({ refused: 'address_not_public', host: PRIVATE_FEED_HOST });
    expect(upstreamUrls(harness).some((url) => url.startsWith(PRIVATE_FEED_HOST))).toBe(false);
  });

  // The show and the episodes edge read one feed in one request, each for its own part: neither may reuse the other's reading.
  it('serves GraphQL: the root fields and the author, posts and transcript edges', async () => {
    const answer = await harness.graphql(
      `{ podcastsShow(show: "${SHOW_ID}") { displayName posts(limit: 2) { items { title author { displayName } transcript { language source cues { start text } } } } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    const show = answer.body.data.podcastsShow;
    expect(show.displayName).toBe('Harbour Notes');
    expect(show.posts.items[0]).toMatchObject({
      title: 'Fog horns',
      author: { displayName: 'Harbour Notes' },
      transcript: {
        language: 'en',
        source: 'captions',
        cues: [{ start: 0, text: 'Welcome to Harbour Notes & friends.' }, { start: 62.25 }],
      },
    });
    expect(show.posts.items[1].transcript).toBeNull();
    const episode = await harness.graphql(`{ podcastsEpisode(id: "${EPISODE_ID}") { title durationSeconds } }`);
    expect(episode.body.data.podcastsEpisode).toEqual({ title: 'Fog horns', durationSeconds: 3723 });
  });

  it('serves the MCP tools and /v1/resolve on Apple’s show and episode pages', async () => {
    const tool = await callTool(client, 'podcasts_episode_transcript', { show: SHOW_ID, guid: GUID_NEWEST, language: 'es' });
    expect(tool.isError).toBeFalsy();
    expect(JSON.stringify(tool.structuredContent)).toContain('Hola amigos.');
    const episode = await harness.get(
      `/v1/resolve?${q({ url: `https://podcasts.apple.com/us/podcast/harbour-notes/id${SHOW_ID}?i=${EPISODE_ID}` })}`,
    );
    expectPaid(episode, 'single');
    expect(episode.body.meta.resolved.endpoint).toBe('/v1/podcasts/episode');
    const show = await harness.get(`/v1/resolve?${q({ url: `https://podcasts.apple.com/us/podcast/harbour-notes/id${SHOW_ID}` })}`);
    expect(show.body.meta.resolved).toEqual({ endpoint: '/v1/podcasts/show', params: { show: SHOW_ID, country: 'us' } });
  });

  it('runs a batch over several shows', async () => {
    const created = await harness.post('/v1/jobs/batch', {
      endpoint: '/v1/podcasts/show/episodes',
      targets: [{ show: SHOW_ID }, { show: MOVED_SHOW_ID }, { show: PRIVATE_SHOW_ID }],
    });
    expect(created.status).toBe(202);
    const done = await harness.finishedJob(created.body.data.id);
    expect(done.results.map((result: { status: string }) => result.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(done.creditsCharged).toBe(2);
  });

  it('delivers a change when the show publishes an episode', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    try {
      const created = await harness.post('/v1/subscriptions', {
        endpoint: '/v1/podcasts/show/episodes',
        params: { show: SHOW_ID, limit: 5 },
        webhookUrl: receiver.url,
        intervalSeconds: 3600,
      });
      expect(created.status).toBe(201);
      const { id, secret } = created.body.data as { id: string; secret: string };
      receiver.secret = secret;
      await eventually(async () => ((await harness.get(`/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined), 'the baseline');
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
      world.newEpisode = true;
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
      const delivery = await eventually(() => receiver.received[0], 'the delivery');
      expect(delivery.verifyError).toBeNull();
      expect(JSON.stringify(delivery.verified)).toContain('notes-0005');
    } finally {
      await receiver.stop();
    }
  });
});
