import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetGateways, type BudgetAnswer } from '../../../redis/budget-gateways.js';
import type { ChildGateway } from '../../../redis/processes.js';
import { REDIS_URL, testPrefix } from '../../../state/redis-support.js';
import { FakeUpstream } from '../../../support/fake-upstream-server.js';
import { VIDEO_FAKE_HOST, videoPlatformRoute } from '../../../../src/families/video/demo/platform.js';

const KEY = 'sk_test_video_budget';
/** A gateway process compiles the whole gateway at start: on a loaded shared machine that takes up to a minute or more. */
const STARTUP_MS = 120_000;

/**
 * The platform's 429 shared by two gateway processes on one Redis: the unusual-traffic page
 * (no Retry-After) in one process spends the host in both for the default 60 seconds, refused
 * without a request or a charge. Every call names a video of its own, so no cache answers.
 */
describe.skipIf(!REDIS_URL)("YouTube's throttle across two gateway processes", () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let world: BudgetGateways;
  let gateways: ChildGateway[] = [];
  let video = 0;

  /** A video id of its own (11 characters, the prefix then the call's number), so no two calls share a fetch or a cached answer. */
  function call(gateway: ChildGateway, prefixOfId = 'vidB'): Promise<BudgetAnswer> {
    video += 1;
    return world.get(gateway, `/v1/video/post?url=${prefixOfId}${String(video).padStart(11 - prefixOfId.length, '0')}`);
  }

  beforeAll(
    async () => {
      upstream.on(videoPlatformRoute());
      world = await BudgetGateways.start(upstream, { key: KEY, prefix, hosts: [VIDEO_FAKE_HOST], startupMs: STARTUP_MS });
      gateways = world.gateways;
    },
    2 * STARTUP_MS + 10_000,
  );

  afterAll(() => world?.stop());

  it('spends the host in both processes after a 429 in one, for the default 60 s, without requests or charges', async () => {
    expect((await Promise.all(gateways.map((gateway) => call(gateway)))).map((answer) => answer.status)).toEqual([200, 200]);
    const limited = await call(gateways[0]!, 'limited');
    expect(limited).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    await expect.poll(() => world.remainingSeenBy(gateways[1]!, VIDEO_FAKE_HOST), { timeout: 10_000 }).toBe(0);
    const before = { requests: upstream.requests.length, balance: await world.balance() };
    const refused = await Promise.all(Array.from({ length: 4 }, (_unused, index) => call(gateways[index % 2]!)));
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
    expect(upstream.requests.length).toBe(before.requests);
    expect(await world.balance()).toBe(before.balance);
  });
});
