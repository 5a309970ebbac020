import { describe, expect, it } from 'vitest';
import { createStackApi, DEMO_QUESTION, DEMO_USER, STACK_API } from '../../../src/families/qa/demo/stack-api.js';
import type { ChildGateway } from '../../redis/processes.js';
import { REDIS_URL } from '../../state/redis-support.js';
import { twoGatewaysOnRedis } from '../../support/gateways-on-redis.js';

/**
 * The API's economy across two gateway processes sharing one Redis: a back-off read from one
 * process's answer holds that method back in the other, without a request and without a charge,
 * while other methods still answer; a spent daily quota holds every method back.
 */
describe.skipIf(!REDIS_URL)('the Stack Exchange quota and back-off across two gateway processes', () => {
  const api = createStackApi();
  let call = 0;
  const { upstream, gateways, answer } = twoGatewaysOnRedis({
    key: 'sk_test_qa_economy',
    hosts: [STACK_API],
    routes: [api.route],
    env: { UPSTREAM_TIMEOUT_MS: '10000' },
  });

  const get = (gateway: ChildGateway, path: string) => {
    call += 1;
    return answer(gateway, `${path}&cache_max_age=0`);
  };
  /** A question of its own each call, so the cache never answers in the API's place. */
  const question = (gateway: ChildGateway) => get(gateway, `/v1/qa/question?id=${DEMO_QUESTION + 100 + (call % 5000)}`);
  const user = (gateway: ChildGateway) => get(gateway, `/v1/qa/user?id=${DEMO_USER + 100 + (call % 5000)}`);
  const requestsTo = (pattern: RegExp) =>
    upstream.requests.filter((request) => request.host === STACK_API && pattern.test(request.url.split('?')[0]!)).length;

  it('holds a backed-off method in both processes while the others answer, then a spent quota holds every method', async () => {
    expect((await Promise.all(gateways.map(question))).map((answer) => answer.status)).toEqual([200, 200]);

    api.economy.backoffOnce = 30;
    // The answer that asks for the back-off is itself served and charged.
    expect(await question(gateways[0]!)).toMatchObject({ status: 200, charged: '1' });
    await expect.poll(async () => (await question(gateways[1]!)).status, { timeout: 10_000 }).toBe(429);
    const questionsBefore = requestsTo(/^\/2\.3\/questions\/\d+$/);
    for (const gateway of [...gateways, ...gateways]) {
      const refused = await question(gateway);
      expect(refused).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(30);
    }
    expect(requestsTo(/^\/2\.3\/questions\/\d+$/)).toBe(questionsBefore);
    expect(await user(gateways[1]!)).toMatchObject({ status: 200, charged: '1' });

    api.economy.quotaRemaining = 1;
    expect(await user(gateways[0]!)).toMatchObject({ status: 200, charged: '1' });
    await expect.poll(async () => (await user(gateways[1]!)).status, { timeout: 10_000 }).toBe(429);
    const usersBefore = requestsTo(/^\/2\.3\/users\//);
    for (const gateway of gateways) {
      const refused = await user(gateway);
      expect(refused).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
      expect(refused.retryAfter).toBeGreaterThan(30);
      expect(await get(gateway, `/v1/qa/questions?tag=arrays`)).toMatchObject({ status: 429, charged: '0' });
    }
    expect(requestsTo(/^\/2\.3\/users\//)).toBe(usersBefore);
  }, 60_000);
});
