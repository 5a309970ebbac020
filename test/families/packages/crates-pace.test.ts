import { describe, expect, it } from 'vitest';
import { CRATES_HOST, PACKAGES_HOSTS } from '../../../src/families/packages/constants.js';
import { REDIS_URL } from '../../state/redis-support.js';
import { twoGatewaysOnRedis } from '../../support/gateways-on-redis.js';
import { registryRoute } from './registry-world.js';

/**
 * crates.io's crawler policy across processes: two gateways on one Redis share one pace of one
 * request a second to crates.io. Ten calls at once, alternating between the processes, all
 * succeed (queued, not refused), and the last cannot be answered before nine intervals have
 * passed. Only that lower bound is asserted: a busy machine can only make it longer.
 */

describe.skipIf(!REDIS_URL)('crates.io pace across two gateway processes', () => {
  const { upstream, gateways, call } = twoGatewaysOnRedis({
    key: 'sk_test_crates_pace',
    hosts: PACKAGES_HOSTS,
    routes: [registryRoute],
    // Ten calls queue for up to nine seconds each; the time-out leaves them room.
    env: { UPSTREAM_TIMEOUT_MS: '20000' },
  });

  it('spaces ten calls from two processes a second apart, none failing', async () => {
    const started = Date.now();
    // Ten distinct searches: no result cache or shared fetch can answer one for another.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_unused, index) => {
        const gateway = gateways[index % 2]!;
        const response = await call(gateway, `/v1/packages/search?registry=crates&query=ferrite${index}`);
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
