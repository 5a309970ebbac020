import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetGateways, type BudgetAnswer } from '../../../redis/budget-gateways.js';
import type { ChildGateway } from '../../../redis/processes.js';
import { REDIS_URL, testPrefix } from '../../../state/redis-support.js';
import { FakeUpstream } from '../../../support/fake-upstream-server.js';

const KEY = 'sk_test_budget_code';
const GITHUB_API = 'api.github.com';
const REPO_BODY = readFileSync(fileURLToPath(new URL('../fixtures/repo.json', import.meta.url)), 'utf8');
/**
 * GitHub's anonymous budget (its reset in epoch seconds) across two gateway processes on one
 * Redis: announced spent to one, it closes api.github.com in both. Every call asks for a
 * repository of its own, so the result cache never answers in the platform's place.
 */
describe.skipIf(!REDIS_URL)("GitHub's anonymous budget across two gateway processes", () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  /** The budget the fake API announces on its next answers. */
  const github = { remaining: '57', resetEpoch: () => String(Math.floor(Date.now() / 1000) + 3600) };
  let world: BudgetGateways;
  let gateways: ChildGateway[] = [];
  let repository = 0;

  function repoCall(gateway: ChildGateway): Promise<BudgetAnswer> {
    repository += 1;
    return world.get(gateway, `/v1/code/repo?repo=budget-owner/repo${repository}`);
  }
  const balance = () => world.balance();
  const remainingSeenBy = (gateway: ChildGateway) => world.remainingSeenBy(gateway, GITHUB_API);

  beforeAll(async () => {
    upstream.on((request, url) =>
      request.host === GITHUB_API && url.pathname.startsWith('/repos/budget-owner/')
        ? {
            body: REPO_BODY,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'x-ratelimit-limit': '60',
              'x-ratelimit-remaining': github.remaining,
              'x-ratelimit-reset': github.resetEpoch(),
              'x-ratelimit-resource': 'core',
            },
          }
        : undefined,
    );
    world = await BudgetGateways.start(upstream, { key: KEY, prefix, hosts: [GITHUB_API, 'github.com'] });
    gateways = world.gateways;
  }, 60_000);

  afterAll(() => world?.stop());

  it('after an answer with remaining 0 and a reset (epoch seconds) 20 s away, calls to either process make no request, answer 429 with Retry-After in 1..20 and charge nothing', async () => {
    expect((await Promise.all(gateways.map(repoCall))).map((answer) => answer.status)).toEqual([200, 200]);
    Object.assign(github, { remaining: '0', resetEpoch: () => String(Math.floor(Date.now() / 1000) + 20) });
    expect((await repoCall(gateways[0]!)).status).toBe(200);
    await expect.poll(() => remainingSeenBy(gateways[1]!), { timeout: 10_000 }).toBe(0);
    const before = { requests: upstream.requests.length, balance: await balance() };
    const refused = await Promise.all(Array.from({ length: 10 }, (_unused, index) => repoCall(gateways[index % 2]!)));
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    const waits = refused.map((answer) => Number(answer.retryAfter));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(20);
    expect(upstream.requests.length).toBe(before.requests);
    expect(await balance()).toBe(before.balance);
  });
});
