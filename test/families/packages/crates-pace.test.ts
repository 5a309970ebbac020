import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRATES_HOST, PACKAGES_HOSTS } from '../../../src/families/packages/constants.js';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { spawnGateway, type ChildGateway } from '../../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { registryRoute } from './registry-world.js';

/**
 * crates.io's crawler policy across processes: two gateways on one Redis share one pace of one
 * request a second to crates.io. Ten calls at once, alternating between the processes, all
 * succeed (queued, not refused), and the last cannot be answered before nine intervals have
 * passed. Only that lower bound is asserted: a busy machine can only make it longer.
 */

const KEY = 'sk_test_crates_pace';

describe.skipIf(!REDIS_URL)('crates.io pace across two gateway processes', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let gateways: ChildGateway[] = [];

  beforeAll(async () => {
    upstream.on(registryRoute);
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: PACKAGES_HOSTS.map((host) => `${host}=${origin}`).join(','),
      // Ten calls queue for up to nine seconds each; the time-out leaves them room.
      UPSTREAM_TIMEOUT_MS: '20000',
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

  it('spaces ten calls from two processes a second apart, none failing', async () => {
    const started = Date.now();
    // Ten distinct searches: no result cache or shared fetch can answer one for another.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_unused, index) => {
        const gateway = gateways[index % 2]!;
        const path = `/v1/packages/search?registry=crates&query=ferrite${index}`;
        const response = await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': KEY } });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    const elapsed = Date.now() - started;
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const requests = upstream.requests.filter((request) => request.host === CRATES_HOST);
    expect(requests).toHaveLength(10);
    expect(elapsed).toBeGreaterThanOrEqual(9000);
  }, 120_000);
});
