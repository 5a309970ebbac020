import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnGateway, type ChildGateway } from '../../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { DOMAIN } from '../../../src/families/ads/demo/bodies.js';
import { adsPlatform } from '../../../src/families/ads/demo/platform.js';

/**
 * The platform's throttle (a 302 to its CAPTCHA page): a 429 with Retry-After, never followed,
 * and no request to the host until then, in this process and in every other one on Redis.
 */

const RPC_HOST = 'adstransparency.google.com';
const rpcRequests = (upstream: FakeUpstream) => upstream.requests.filter((request) => request.host === RPC_HOST).length;

describe('the throttle in one process', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(adsPlatform);
  });
  afterAll(() => harness?.close());

  it('answers 429 with Retry-After for the redirect, follows nothing and calls the host no more', async () => {
    const throttled = await harness.get('/v1/ads/advertiser/ads?domain=throttled.example');
    expect([throttled.status, throttled.body.error.code, throttled.headers.get('x-credits-charged')]).toEqual([
      429,
      'upstream_rate_limited',
      '0',
    ]);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(harness.upstream.requests.map((request) => request.host)).toEqual([RPC_HOST]);
    const held = await Promise.all([
      harness.get(`/v1/ads/advertiser/ads?domain=${DOMAIN}`),
      harness.get('/v1/ads/advertisers/search?query=copperfield'),
      harness.graphql(`{ adsAdvertiserAds(domain: "${DOMAIN}", region: "GB") { items { platformId } } }`),
    ]);
    expect([held[0]!.status, held[1]!.status]).toEqual([429, 429]);
    expect(held[2]!.body.errors[0].extensions.code).toBe('upstream_rate_limited');
    expect(harness.upstream.requests).toHaveLength(1);
  });
});

describe.skipIf(!REDIS_URL)('the throttle across two gateway processes on Redis', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  const KEY = 'sk_test_ads_throttle';
  const gateways: ChildGateway[] = [];

  const get = async (gateway: ChildGateway, path: string) => {
    const response = await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { error?: { code: string } };
    return { status: response.status, code: body.error?.code, retryAfter: response.headers.get('retry-after') };
  };
  const spentSeenBy = async (gateway: ChildGateway): Promise<boolean> =>
    /^gateway_upstream_budget_remaining\{host="adstransparency\.google\.com",egress="direct",source="announced"\} 0$/m.test(
      await (await fetch(`${gateway.url}/metrics`)).text(),
    );

  beforeAll(async () => {
    upstream.on(adsPlatform);
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: `${RPC_HOST}=${origin}`,
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    // Started one after the other, with room for a busy machine: each compiles the gateway on start.
    for (let index = 0; index < 2; index += 1) gateways.push(await spawnGateway('test/redis/gateway-process.ts', env));
  }, 200_000);
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('holds the host back in the other process too: no request there until Retry-After', async () => {
    const [first, other] = gateways as [ChildGateway, ChildGateway];
    // Both processes know the host (a healthy call each) before the throttle.
    expect((await get(other, '/v1/ads/advertisers/search?query=before')).status).toBe(200);
    expect((await get(first, '/v1/ads/advertisers/search?query=before2')).status).toBe(200);
    const throttled = await get(first, '/v1/ads/advertiser/ads?domain=throttled.example');
    expect([throttled.status, throttled.code]).toEqual([429, 'upstream_rate_limited']);
    await expect.poll(() => spentSeenBy(other), { timeout: 10_000, interval: 50 }).toBe(true);
    const requests = rpcRequests(upstream);
    const refused = await get(other, `/v1/ads/advertiser/ads?domain=${DOMAIN}`);
    expect([refused.status, refused.code]).toEqual([429, 'upstream_rate_limited']);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(rpcRequests(upstream)).toBe(requests);
    expect(upstream.requests.every((request) => request.host === RPC_HOST)).toBe(true);
  });
});
