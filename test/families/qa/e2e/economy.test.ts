import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceOf, expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { createStackApi, DEMO_QUESTION, DEMO_USER, gzipped, type StackApiWorld } from '../../../../src/families/qa/demo/stack-api.js';

/**
 * The API's economy in one gateway: a back-off spends its method (the answer carrying it is
 * served), a throttle_violation is 429 with the wait it names and holds back what it names, a
 * spent quota holds every method; what is held back makes no request and is never charged.
 */
describe('the Stack Exchange economy in one gateway', () => {
  let harness: Harness;
  let api: StackApiWorld;
  let id = 0;
  const fresh = () => DEMO_QUESTION + 1000 + ++id;
  const requests = () => harness.upstream.requests.length;

  beforeAll(async () => {
    harness = await startHarness();
  }, 60_000);
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.gateway.upstreamBudgets.forget();
    harness.upstream.reset();
    api = createStackApi();
    harness.upstream.on(api.route);
  });

  it('serves the answer that asks for a back-off, then refuses that method alone until it passes', async () => {
    api.economy.backoffOnce = 20;
    expectPaid(await harness.get(`/v1/qa/question/answers?id=${fresh()}`), 'list');
    const before = await balanceOf(harness);
    const sent = requests();
    const refused = await harness.get(`/v1/qa/question/answers?id=${fresh()}`);
    expectError(refused, 429, 'upstream_rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(19);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    expect(refused.body.error.details).toMatchObject({ scope: 'method:/questions/{ids}/answers' });
    expect(requests()).toBe(sent);
    expectPaid(await harness.get(`/v1/qa/question?id=${fresh()}`), 'single');
    expect(await balanceOf(harness)).toBe(before - 1);
  });

  it('maps a throttle_violation to 429 with its wait, free, and holds the host for it', async () => {
    harness.upstream.reset();
    harness.upstream.on(() =>
      gzipped(
        {
          error_id: 502,
          error_name: 'throttle_violation',
          error_message: 'too many requests from this IP, more requests available in 90 seconds',
        },
        400,
      ),
    );
    const before = await balanceOf(harness);
    const throttled = await harness.get(`/v1/qa/user?id=${DEMO_USER}`);
    expectError(throttled, 429, 'upstream_rate_limited');
    expect(throttled.headers.get('retry-after')).toBe('90');
    harness.upstream.on(api.route);
    const sent = requests();
    expectError(await harness.get(`/v1/qa/question?id=${fresh()}`), 429, 'upstream_rate_limited');
    expect(requests()).toBe(sent);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('holds every method once the daily quota is spent, the answer saying so still served', async () => {
    api.economy.quotaRemaining = 1;
    expectPaid(await harness.get(`/v1/qa/question?id=${fresh()}`), 'single');
    const sent = requests();
    for (const path of [`/v1/qa/question?id=${fresh()}`, '/v1/qa/search?query=anything', `/v1/qa/user?site=gaming&id=${DEMO_USER}`]) {
      const refused = await harness.get(path);
      expectError(refused, 429, 'upstream_rate_limited');
      expect(refused.body.error.details).toMatchObject({ scope: 'quota:anonymous' });
    }
    expect(requests()).toBe(sent);
  });
});
