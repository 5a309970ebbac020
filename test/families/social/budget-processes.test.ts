import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetGateways, type BudgetAnswer } from '../../redis/budget-gateways.js';
import type { ChildGateway } from '../../redis/processes.js';
import { REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { APPVIEW_HOST, appViewRoute } from '../../../src/families/social/demo/appview.js';

const KEY = 'sk_test_social_budget';
/** A gateway process compiles the whole gateway at start: on a loaded shared machine that takes up to a minute or more. */
const STARTUP_MS = 120_000;

/**
 * The AppView's announced budget shared by two gateway processes on one Redis: an answer with
 * RateLimit-Remaining 0 in one process closes the host in both until the reset, whether the reset
 * arrives as an epoch second (what the platform sends) or as seconds from now (the draft's form).
 * Every call names an account of its own, so no cache answers in the platform's place.
 */
describe.skipIf(!REDIS_URL)("the AppView's rate budget across two gateway processes", () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let announced = { remaining: '100', reset: '600' };
  let world: BudgetGateways;
  let gateways: ChildGateway[] = [];
  let account = 0;

  function call(gateway: ChildGateway): Promise<BudgetAnswer> {
    account += 1;
    return world.get(gateway, `/v1/social/profile?handle=budget${account}.example.com`);
  }
  const balance = () => world.balance();
  const remainingSeenBy = (gateway: ChildGateway) => world.remainingSeenBy(gateway, APPVIEW_HOST);

  /** Spends the budget in process `from` and checks both refuse without a request or a charge, within `maxWait` seconds. */
  async function expectClosedEverywhere(from: number, maxWait: number): Promise<void> {
    // The first call after an earlier window has passed is answered, and spends the budget.
    await expect.poll(async () => (await call(gateways[from]!)).status, { timeout: 30_000, interval: 500 }).toBe(200);
    await expect.poll(() => remainingSeenBy(gateways[1 - from]!), { timeout: 10_000 }).toBe(0);
    const before = { requests: upstream.requests.length, balance: await balance() };
    const refused = await Promise.all(Array.from({ length: 6 }, (_unused, index) => call(gateways[index % 2]!)));
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(maxWait);
    }
    expect(upstream.requests.length).toBe(before.requests);
    expect(await balance()).toBe(before.balance);
  }

  beforeAll(
    async () => {
      upstream.on(appViewRoute({ rateLimit: () => announced }));
      world = await BudgetGateways.start(upstream, { key: KEY, prefix, hosts: [APPVIEW_HOST], startupMs: STARTUP_MS });
      gateways = world.gateways;
    },
    2 * STARTUP_MS + 10_000,
  );

  afterAll(() => world?.stop());

  it('closes the host in both processes on Remaining 0 with a reset in seconds from now', async () => {
    expect((await Promise.all(gateways.map(call))).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await remainingSeenBy(gateways[1]!)).toBe(100);
    announced = { remaining: '0', reset: '10' };
    await expectClosedEverywhere(0, 10);
  });

  it('closes the host in both processes on Remaining 0 with a reset as an epoch second', async () => {
    // Once the first window has passed (10 s), the next answer announces this one.
    announced = { remaining: '0', reset: String(Math.floor(Date.now() / 1000) + 40) };
    await expectClosedEverywhere(1, 40);
  });
});
