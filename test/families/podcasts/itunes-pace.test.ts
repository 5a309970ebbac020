import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { twoGatewaysOnRedis } from '../../support/gateways-on-redis.js';
import { REDIS_URL } from '../../state/redis-support.js';
import { SHOW_ID, appleBody, showRecord } from './fixtures/world.js';

/**
 * Apple's pace across processes: two gateways on one Redis share one pace to itunes.apple.com.
 * At one call a minute, the first search (from one process) is sent; a search from the other
 * process finds the next slot a minute away, beyond its time-out, and is refused at once with
 * 429 and a Retry-After, without a request. No time is measured.
 */

const appleSearch: FakeRoute = (request) =>
  request.host === 'itunes.apple.com'
    ? { status: 200, body: appleBody([showRecord(SHOW_ID, null)]), headers: { 'content-type': 'text/javascript; charset=utf-8' } }
    : undefined;

describe.skipIf(!REDIS_URL)("Apple's pace across two gateway processes", () => {
  const { upstream, gateways, call } = twoGatewaysOnRedis({
    key: 'sk_test_itunes_pace',
    hosts: ['itunes.apple.com'],
    routes: [appleSearch],
    env: { UPSTREAM_TIMEOUT_MS: '3000', PODCASTS_ITUNES_PER_MINUTE: '1' },
  });

  it("lets one process's call take the slot and refuses the other's without a request", async () => {
    const search = (index: number) => call(gateways[index]!, `/v1/podcasts/search?query=harbour${index}`);
    const first = await search(0);
    expect(first.status).toBe(200);
    const second = await search(1);
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('upstream_rate_limited');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(upstream.requests.filter((request) => request.host === 'itunes.apple.com')).toHaveLength(1);
  }, 60_000);
});

describe("Apple's pace read from PODCASTS_ITUNES_PER_MINUTE, in one process", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ PODCASTS_ITUNES_PER_MINUTE: '1' });
    harness.upstream.on(appleSearch);
  });
  afterAll(() => harness?.close());

  it('refuses a call whose slot is a minute away, without a request', async () => {
    expect((await harness.get('/v1/podcasts/search?query=first')).status).toBe(200);
    const refused = await harness.get('/v1/podcasts/search?query=second');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('upstream_rate_limited');
    expect(harness.upstream.requests).toHaveLength(1);
  });
});
