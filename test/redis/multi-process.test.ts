import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, accountIdFromHash } from '../../src/state/key-hash.js';
import { createRedisState, type RedisState } from '../../src/state/redis/index.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { serveShelves } from '../jobs/support.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { spawnGateway, type ChildGateway } from './processes.js';

const HUNDRED_KEY = 'sk_test_multi_hundred';
const CAPPED_KEY = 'sk_test_multi_capped';
/** The test family's shelf endpoint (test/families/bookshelf), registered in the gateway processes. */
const PATH = '/v1/bookshelf/shelf?shelf=synthetic&limit=3';
const REQUESTS = 400;

interface Answer {
  gateway: number;
  status: number;
  charged: string | null;
  retryAfter: string | null;
  requestId: string | null;
  body: { success: boolean; error?: { code: string }; meta: { creditsCharged: number } };
}

/** REQUESTS requests at once with one key, alternating between the gateways. */
async function fireAll(gateways: ChildGateway[], key: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: REQUESTS }, async (_unused, index) => {
      const gateway = index % gateways.length;
      const response = await fetch(gateways[gateway]!.url + PATH, { headers: { 'x-api-key': key } });
      return {
        gateway,
        status: response.status,
        charged: response.headers.get('x-credits-charged'),
        retryAfter: response.headers.get('retry-after'),
        requestId: response.headers.get('x-request-id'),
        body: (await response.json()) as Answer['body'],
      };
    }),
  );
}

const countBy = <T>(items: T[], key: (item: T) => string | number): Record<string, number> =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe.skipIf(!REDIS_URL)('two gateway processes on one Redis', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let gateways: ChildGateway[] = [];
  let state: RedisState;

  beforeAll(async () => {
    serveShelves(upstream, 5);
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      // Both processes seed the same keys at once: the opening balance must be credited once.
      API_KEYS: `${HUNDRED_KEY}=100,${CAPPED_KEY}=100000:30`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      // Billing is under test here, not jobs: no BullMQ workers competing for Redis.
      WORKERS: 'off',
    };
    gateways = await Promise.all([spawnGateway('test/redis/gateway-process.ts', env), spawnGateway('test/redis/gateway-process.ts', env)]);
    state = await createRedisState({ url: REDIS_URL!, prefix, cacheRetentionSeconds: 60, sweepIntervalMs: 0 });
  }, 150_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await state?.close();
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('charges exactly the 100 credits a key holds out of 400 concurrent requests, the rest 402', async () => {
    const answers = await fireAll(gateways, HUNDRED_KEY);
    const accountId = accountIdFromHash(hashKey(HUNDRED_KEY));

    expect(countBy(answers, (answer) => answer.status)).toEqual({ 200: 100, 402: 300 });
    const served = answers.filter((answer) => answer.status === 200);
    expect(served.every((answer) => answer.charged === '1' && answer.body.meta.creditsCharged === 1)).toBe(true);
    expect(answers.filter((answer) => answer.status === 402).every((answer) => answer.body.error?.code === 'insufficient_credits')).toBe(
      true,
    );
    // Each process took 200 of the requests: with a balance per process it would serve 200 in all.
    // Which process spends the shared balance is a race, so it is not asserted.

    expect((await state.ledger.usage(accountId, null)).balance).toBe(0);
    const charges = (await state.ledger.history(accountId, 1000)).filter((entry) => entry.kind === 'charge');
    expect(charges).toHaveLength(100);
    expect(new Set(charges.map((entry) => entry.requestId))).toEqual(new Set(served.map((answer) => answer.requestId)));

    const account = await fetch(`${gateways[1]!.url}/v1/account`, { headers: { 'x-api-key': HUNDRED_KEY } }).then((response) =>
      response.json(),
    );
    expect(account.data).toMatchObject({ accountId, balance: 0, dailyUsed: 100 });
    expect(account.data.recentUsage).toHaveLength(20);
  });

  it('holds a daily cap of 30 exactly across both processes, the rest 429 until the next UTC midnight', async () => {
    const answers = await fireAll(gateways, CAPPED_KEY);
    const now = Date.now();
    const accountId = accountIdFromHash(hashKey(CAPPED_KEY));

    expect(countBy(answers, (answer) => answer.status)).toEqual({ 200: 30, 429: 370 });
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.every((answer) => answer.body.error?.code === 'daily_cap_exceeded')).toBe(true);
    const nextMidnight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1);
    const expectedWait = (nextMidnight - now) / 1000;
    for (const answer of refused) expect(Math.abs(Number(answer.retryAfter) - expectedWait)).toBeLessThan(5);

    expect(await state.ledger.usage(accountId, 30)).toMatchObject({ balance: 100000 - 30, dailyUsed: 30 });
    expect((await state.ledger.history(accountId, 1000)).filter((entry) => entry.kind === 'charge')).toHaveLength(30);
  });
});
