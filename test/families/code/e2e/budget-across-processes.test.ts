import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnGateway, type ChildGateway } from '../../../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../../state/redis-support.js';
import { FakeUpstream } from '../../../support/fake-upstream-server.js';

const KEY = 'sk_test_budget_code';
const GITHUB_API = 'api.github.com';
const REPO_BODY = readFileSync(fileURLToPath(new URL('../fixtures/repo.json', import.meta.url)), 'utf8');
const remainingGauge = new RegExp(
  `^gateway_upstream_budget_remaining\\{host="${GITHUB_API.replaceAll('.', '\\.')}",egress="direct",source="announced"\\} (\\d+)$`,
  'm',
);

interface Answer {
  status: number;
  retryAfter: string | null;
  charged: string | null;
  code: string | undefined;
}

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
  let gateways: ChildGateway[] = [];
  let repository = 0;

  async function repoCall(gateway: ChildGateway): Promise<Answer> {
    repository += 1;
    const response = await fetch(`${gateway.url}/v1/code/repo?repo=budget-owner/repo${repository}`, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      charged: response.headers.get('x-credits-charged'),
      code: body.error?.code,
    };
  }

  const balance = async (): Promise<number> => {
    const response = await fetch(`${gateways[0]!.url}/v1/account`, { headers: { 'x-api-key': KEY } });
    return ((await response.json()) as { data: { balance: number } }).data.balance;
  };

  const remainingSeenBy = async (gateway: ChildGateway): Promise<number | null> => {
    const match = remainingGauge.exec(await (await fetch(`${gateway.url}/metrics`)).text());
    return match ? Number(match[1]) : null;
  };

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
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: [GITHUB_API, 'github.com'].map((host) => `${host}=${origin}`).join(','),
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    gateways = await Promise.all([spawnGateway('test/redis/gateway-process.ts', env), spawnGateway('test/redis/gateway-process.ts', env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

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
