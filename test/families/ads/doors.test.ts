import type { ServerResponse } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FakeReply } from '../../support/fake-upstream-server.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollJob, finished, send } from '../../jobs/support.js';
import { callTool, connectClient } from '../../mcp/support.js';
import { follow, sseClient } from '../../graphql/sse-client.js';
import { RICH_KEY, startHarness, type Harness } from '../../support/gateway.js';
import { ADVERTISER, creativeIdOf, DOMAIN, OTHER_ADVERTISER } from '../../../src/families/ads/demo/bodies.js';
import { adsPlatform, UNKNOWN_CREATIVE } from '../../../src/families/ads/demo/platform.js';

/** The ads family on every door, over the real gateway and a loopback fake of the platform. */
describe('the ads family on every door', () => {
  let harness: Harness;
  let mcp: Client;
  const balance = async () => (await harness.get('/v1/account')).body.data.balance as number;
  const rpcCalls = () => harness.upstream.requests.filter((request) => request.host === 'adstransparency.google.com');
  const coalescedJoins = async (): Promise<number> => {
    const text = await (await fetch(`${harness.baseUrl}/metrics`)).text();
    const line = text.split('\n').find((each) => each.startsWith('gateway_upstream_coalesced_joins_total{family="ads"}'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '20000' });
    mcp = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await mcp?.close();
    await harness?.close();
  });
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(adsPlatform);
  });

  it('REST: charges 2 for a live page, pages to the last page with the cursor, and 0 for a hit', async () => {
    const before = await balance();
    const first = await harness.get(`/v1/ads/advertiser/ads?domain=https://www.${DOMAIN}/&limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-credits-charged')).toBe('2');
    expect(first.body.data.items.map((ad: any) => ad.id)).toEqual([creativeIdOf(1), creativeIdOf(2)]);
    expect(first.body.pagination.hasMore).toBe(true);
    const last = await harness.get(
      `/v1/ads/advertiser/ads?domain=${DOMAIN.toUpperCase()}&limit=5&cursor=${encodeURIComponent(first.body.pagination.cursor)}`,
    );
    expect(last.body.data.items.map((ad: any) => ad.id)).toEqual([creativeIdOf(3)]);
    expect(last.body.pagination).toEqual({ cursor: null, hasMore: false });
    const hit = await harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}&limit=2&cache_max_age=1h`);
    expect([hit.body.meta.cached, hit.body.meta.creditsCharged]).toEqual([true, 0]);
    expect(rpcCalls()).toHaveLength(2);
    expect(await balance()).toBe(before - 4);
  });

  it('REST: refuses a cursor of another query naming cursor, and bad regions naming region, without a request', async () => {
    const first = await harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}&limit=2`);
    const cursor = encodeURIComponent(first.body.pagination.cursor);
    harness.upstream.reset();
    const foreign = await harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}&region=DE&cursor=${cursor}`);
    expect([foreign.status, foreign.body.error.details.param]).toEqual([400, 'cursor']);
    const region = await harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}&region=RU`);
    expect([region.status, region.body.error.details.param]).toEqual([400, 'region']);
    const both = await harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}&advertiser_id=${ADVERTISER}`);
    expect(both.status).toBe(400);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('REST: an empty answer and the error object cost nothing', async () => {
    const before = await balance();
    const empty = await harness.get('/v1/ads/advertiser/ads?domain=quiet.example');
    expect([empty.status, empty.body.data.items, empty.body.meta.creditsCharged, empty.body.meta.reason]).toEqual([
      200,
      [],
      0,
      'no_results',
    ]);
    const missing = await harness.get(`/v1/ads/ad?advertiser_id=${ADVERTISER}&creative_id=${UNKNOWN_CREATIVE}`);
    expect([missing.body.data, missing.body.meta.reason, missing.body.meta.creditsCharged]).toEqual([null, 'not_found', 0]);
    const broken = await harness.get('/v1/ads/advertiser/ads?domain=broken.example');
    expect([broken.status, broken.body.error.code]).toEqual([502, 'upstream_schema_drift']);
    expect(await balance()).toBe(before);
  });

  it('REST: one ad by URL (2 credits) and the advertiser search (1 credit)', async () => {
    const url = `https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(7)}`;
    const ad = await harness.get(`/v1/ads/ad?url=${encodeURIComponent(url)}`);
    expect(ad.body.data).toMatchObject({ id: creativeIdOf(7), format: 'video', regions: ['US', 'IM'], variantCount: 2 });
    expect(ad.headers.get('x-credits-charged')).toBe('2');
    const byIds = await harness.get(`/v1/ads/ad?advertiser_id=${ADVERTISER}&creative_id=${creativeIdOf(7)}&cache_max_age=1h`);
    expect(byIds.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    const search = await harness.get('/v1/ads/advertisers/search?query=copperfield');
    expect(search.body.data.items.map((creator: any) => creator.id)).toEqual([ADVERTISER, OTHER_ADVERTISER]);
    expect(search.headers.get('x-credits-charged')).toBe('1');
  });

  it('ten identical concurrent calls on REST, GraphQL and MCP make one upstream POST, each caller paying its own credits', async () => {
    // The platform holds its answer until the gateway reports (in /metrics) that the nine later callers joined the first.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    harness.upstream.reset();
    harness.upstream.on((request, url) => {
      const reply = adsPlatform(request, url);
      return reply && { respond: (response) => void gate.then(() => sendReply(response, reply)) };
    });
    const before = await coalescedJoins();
    const rest = Array.from({ length: 8 }, () => harness.get(`/v1/ads/advertiser/ads?advertiser_id=${OTHER_ADVERTISER}&limit=7`));
    const graphql = harness.graphql(`{ adsAdvertiserAds(advertiserId: "${OTHER_ADVERTISER}", limit: 7) { items { platformId } } }`);
    const tool = callTool(mcp, 'ads_advertiser_ads', { advertiser_id: OTHER_ADVERTISER, limit: 7 });
    await expect.poll(coalescedJoins, { timeout: 20_000, interval: 25 }).toBeGreaterThanOrEqual(before + 9);
    release();
    const answers = await Promise.all(rest);
    expect(answers.every((answer) => answer.status === 200 && answer.body.data.items.length === 3)).toBe(true);
    expect(answers.map((answer) => answer.body.meta.creditsCharged)).toEqual(Array(8).fill(2));
    expect((await graphql).body.extensions.billing.creditsCharged).toBe(2);
    expect((await tool)._meta).toMatchObject({ creditsCharged: 2 });
    expect(rpcCalls()).toHaveLength(1);
    expect(rpcCalls()[0]!.method).toBe('POST');
  });

  it('GraphQL: two advertisers in one query cost 4 credits; Ad.advertiser costs nothing', async () => {
    const answer = await harness.graphql(`{
      a: adsAdvertiserAds(advertiserId: "${ADVERTISER}") { items { platformId format advertiser { platformId displayName url } } pagination { hasMore } }
      b: adsAdvertiserAds(advertiserId: "${OTHER_ADVERTISER}", region: "us", format: TEXT) { items { platformId } }
    }`);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.a.items).toHaveLength(2);
    expect(answer.body.data.a.items[0].advertiser).toEqual({
      platformId: ADVERTISER,
      displayName: 'Copperfield & Sons Ltd',
      url: `https://adstransparency.google.com/advertiser/${ADVERTISER}`,
    });
    expect(answer.body.data.b.items).toHaveLength(3);
    expect(answer.body.extensions.billing.creditsCharged).toBe(4);
    expect(rpcCalls()).toHaveLength(2);
  });

  it('GraphQL: adsAd, and Creator.ads on the searched advertisers (billed like the endpoint)', async () => {
    const answer = await harness.graphql(`{
      adsAd(advertiserId: "${ADVERTISER}", creativeId: "${creativeIdOf(9)}") { platformId regions regionIds variants { imageUrl previewUrl } }
      adsAdvertisersSearch(query: "copperfield") { items { platformId ads(limit: 2) { items { platformId } } } }
    }`);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.adsAd).toMatchObject({ platformId: creativeIdOf(9), regions: ['US', 'IM'], regionIds: [2840, 20340, 2999] });
    expect(answer.body.data.adsAdvertisersSearch.items.map((creator: any) => creator.ads.items.length)).toEqual([2, 2]);
    // adsAd 2 + search 1 + two advertisers' ads 2 each.
    expect(answer.body.extensions.billing.creditsCharged).toBe(7);
  });

  it('MCP: the three tools answer like REST, with the same charges', async () => {
    const list = await callTool(mcp, 'ads_advertiser_ads', { domain: DOMAIN, limit: 2 });
    expect(list.isError).toBeFalsy();
    expect((list.structuredContent as any).data.items.map((ad: any) => ad.id)).toEqual([creativeIdOf(1), creativeIdOf(2)]);
    expect(list._meta).toMatchObject({ creditsCharged: 2 });
    const ad = await callTool(mcp, 'ads_ad', { advertiser_id: ADVERTISER, creative_id: creativeIdOf(4) });
    expect((ad.structuredContent as any).data).toMatchObject({ id: creativeIdOf(4), format: 'video' });
    expect(ad._meta).toMatchObject({ creditsCharged: 2 });
    const search = await callTool(mcp, 'ads_advertisers_search', { query: 'copperfield' });
    expect(search._meta).toMatchObject({ creditsCharged: 1 });
    const empty = await callTool(mcp, 'ads_advertiser_ads', { domain: 'quiet.example' });
    expect(empty._meta).toMatchObject({ creditsCharged: 0 });
  });

  it('GraphQL watchAdsAdvertiserAds: the first result at once, charged like the query field', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'single');
    const watch = follow(
      client,
      `subscription { watchAdsAdvertiserAds(advertiserId: "${ADVERTISER}", intervalSeconds: 60) { items { platformId lastShownAt } } }`,
    );
    try {
      const [first] = await watch.take(1);
      expect(first!.data!.watchAdsAdvertiserAds.items.map((ad: any) => ad.platformId)).toEqual([creativeIdOf(11), creativeIdOf(12)]);
      expect(first!.extensions?.billing?.creditsCharged).toBe(2);
    } finally {
      await watch.stop();
      client.dispose();
    }
  });

  it('batches: 2 credits per live non-empty target, 0 for empty and failed ones', async () => {
    const before = await balance();
    const targets = [{ domain: DOMAIN }, { domain: 'quiet.example' }, { domain: 'broken.example' }, { advertiser_id: ADVERTISER }];
    const created = await send(harness.baseUrl, 'POST', '/v1/jobs/batch', { body: { endpoint: '/v1/ads/advertiser/ads', targets } });
    expect(created.status).toBe(202);
    const job = await pollJob(harness.baseUrl, created.body.data.id, finished, { timeoutMs: 20_000 });
    expect(job.results.map((each: any) => [each.index, each.status, each.creditsCharged])).toEqual([
      [0, 'succeeded', 2],
      [1, 'succeeded', 0],
      [2, 'failed', 0],
      [3, 'succeeded', 2],
    ]);
    expect(job.creditsCharged).toBe(4);
    expect(await balance()).toBe(before - 4);
  });

  it('publishes the price and the constraints in OpenAPI and llms.txt', async () => {
    const openapi = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as any;
    const list = openapi.paths['/v1/ads/advertiser/ads'].get;
    expect(list['x-credit-cost']).toBe(2);
    expect(list['x-parameter-constraints']).toBe('pass either domain or advertiser_id');
    expect(openapi.paths['/v1/ads/ad'].get['x-credit-cost']).toBe(2);
    expect(openapi.paths['/v1/ads/advertisers/search'].get['x-credit-cost']).toBe(1);
    expect(openapi.components.schemas.Ad.properties.format).toBeDefined();
    const llms = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    expect(llms).toContain('/v1/ads/advertiser/ads');
  });
});

/** Writes a fake reply by hand (for a reply held back until the test releases it). */
function sendReply(response: ServerResponse, reply: FakeReply): void {
  response.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
  response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {}));
}
