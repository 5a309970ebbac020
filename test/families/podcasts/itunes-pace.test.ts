import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { spawnGateway, type ChildGateway } from '../../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { SHOW_ID, appleBody, showRecord } from './fixtures/world.js';

/**
 * Apple's pace across processes: two gateways on one Redis share one pace to itunes.apple.com.
 * At one call a minute, the first search (from one process) is sent; a search from the other
 * process finds the next slot a minute away, beyond its time-out, and is refused at once with
 * 429 and a Retry-After, without a request. No time is measured.
 */

const KEY = 'sk_test_itunes_pace';

describe.skipIf(!REDIS_URL)("Apple's pace across two gateway processes", () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let gateways: ChildGateway[] = [];

  beforeAll(async () => {
    upstream.on((request) =>
      request.host === 'itunes.apple.com'
        ? { status: 200, body: appleBody([showRecord(SHOW_ID, null)]), headers: { 'content-type': 'text/javascript; charset=utf-8' } }
        : undefined,
    );
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: `itunes.apple.com=${origin}`,
      UPSTREAM_TIMEOUT_MS: '3000',
      PODCASTS_ITUNES_PER_MINUTE: '1',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    gateways = await Promise.all([
      spawnGateway('test/redis/gateway-process.ts', env),
      spawnGateway('test/redis/gateway-process.ts', env, 90_000),
    ]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it("lets one process's call take the slot and refuses the other's without a request", async () => {
    const search = (index: number) =>
      fetch(`${gateways[index]!.url}/v1/podcasts/search?query=harbour${index}`, { headers: { 'x-api-key': KEY } });
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
    harness.upstream.on((request) =>
      request.host === 'itunes.apple.com'
        ? { status: 200, body: appleBody([showRecord(SHOW_ID, null)]), headers: { 'content-type': 'text/javascript; charset=utf-8' } }
        : undefined,
    );
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
