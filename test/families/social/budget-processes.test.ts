import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnGateway, type ChildGateway } from '../../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { APPVIEW_HOST, appViewRoute } from '../../../src/families/social/demo/appview.js';

const KEY = 'sk_test_social_budget';
/** A gateway process compiles the whole gateway at start: on a loaded shared machine that takes up to a minute or more. */
const STARTUP_MS = 120_000;
const gaugeOf = new RegExp(
  `^gateway_upstream_budget_remaining\\{host="${APPVIEW_HOST.replaceAll('.', '\\.')}",egress="direct",source="announced"\\} (\\d+)$`,
  'm',
);

interface Answer {
  status: number;
  retryAfter: string | null;
  charged: string | null;
  code: string | undefined;
}

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
  let gateways: ChildGateway[] = [];
  let account = 0;

  async function call(gateway: ChildGateway): Promise<Answer> {
    account += 1;
    const response = await fetch(`${gateway.url}/v1/social/profile?handle=budget${account}.example.com`, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      charged: response.headers.get('x-credits-charged'),
      code: body.error?.code,
    };
  }

  const remainingSeenBy = async (gateway: ChildGateway): Promise<number | null> => {
    const match = gaugeOf.exec(await (await fetch(`${gateway.url}/metrics`)).text());
    return match ? Number(match[1]) : null;
  };

  const balance = async (): Promise<number> => {
    const response = await fetch(`${gateways[0]!.url}/v1/account`, { headers: { 'x-api-key': KEY } });
    return ((await response.json()) as { data: { balance: number } }).data.balance;
  };

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
      const origin = await upstream.start();
      const env = {
        REDIS_URL: REDIS_URL!,
        TEST_REDIS_PREFIX: prefix,
        API_KEYS: `${KEY}=1000`,
        UPSTREAM_ORIGINS: `${APPVIEW_HOST}=${origin}`,
        UPSTREAM_TIMEOUT_MS: '10000',
        LOG_LEVEL: 'silent',
        WORKERS: 'off',
      };
      gateways = await Promise.all([
        spawnGateway('test/redis/gateway-process.ts', env, STARTUP_MS),
        spawnGateway('test/redis/gateway-process.ts', env, STARTUP_MS),
      ]);
    },
    2 * STARTUP_MS + 10_000,
  );

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

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
