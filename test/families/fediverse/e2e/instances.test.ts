import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { balanceOf, expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { HOME, OTHER_HOME } from '../../../../src/families/fediverse/demo/entities.js';
import { INSTANCE_HOSTS, instanceApiRoute } from '../../../../src/families/fediverse/demo/instance-api.js';

/**
 * The hosts callers name: the FEDIVERSE_INSTANCES allowlist refusing others before any request,
 * the outbound address policy on a name that resolves to a private address, and each instance's
 * own budget (its X-RateLimit headers and a 429 without Retry-After spend it, not the family).
 */

describe('the FEDIVERSE_INSTANCES allowlist and the address policy', () => {
  let harness: Harness;
  const resolved: string[] = [];
  const resolveAll = async (host: string): Promise<LookupAddress[]> => {
    resolved.push(host);
    return [{ address: host.startsWith('private') ? '10.0.0.8' : '127.0.0.1', family: 4 }];
  };
  beforeAll(async () => {
    harness = await startHarness({ FEDIVERSE_INSTANCES: `${HOME},private.example.net` }, { callerHosts: INSTANCE_HOSTS, resolveAll });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(instanceApiRoute());
  });

  it('serves an allowlisted instance and refuses any other with 400 naming the parameter and the allowed instances, nothing fetched', async () => {
    expectPaid(await harness.get(`/v1/fediverse/instance?instance=${HOME}`), 'single');
    const before = await balanceOf(harness);
    for (const [path, param] of [
      [`/v1/fediverse/instance?instance=${OTHER_HOME}`, 'instance'],
      [`/v1/fediverse/account?account=alice@${OTHER_HOME}`, 'account'],
      [`/v1/fediverse/post?url=${encodeURIComponent(`https://${OTHER_HOME}/@alice/1`)}`, 'url'],
    ]) {
      const refused = await harness.get(path!);
      expectError(refused, 400, 'invalid_request');
      expect(refused.body.error.details).toMatchObject({ param, allowedInstances: expect.arrayContaining([HOME]) });
    }
    expect(harness.upstream.requests.every((request) => request.host === HOME)).toBe(true);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('resolves pages of an allowlisted instance on REST and GraphQL; another host is no page any family reads', async () => {
    const url = `https://${HOME}/@alice?utm_source=x`;
    const resolved = await harness.get(`/v1/resolve?url=${encodeURIComponent(url)}`);
    expectPaid(resolved, 'single');
    expect(resolved.body.meta.resolved).toEqual({ endpoint: '/v1/fediverse/account', params: { account: `https://${HOME}/@alice` } });
    const node = await harness.graphql('query ($url: String!) { resolve(url: $url) { id ... on Creator { handle } } }', { url });
    expect(node.body.data.resolve).toMatchObject({ handle: `alice@${HOME}` });
    harness.upstream.reset();
    const before = await balanceOf(harness);
    const refused = await harness.get(`/v1/resolve?url=${encodeURIComponent(`https://${OTHER_HOME}/@alice`)}`);
    expectError(refused, 400, 'invalid_request');
    expect(refused.body.error.details).toMatchObject({ param: 'url', supportedHosts: expect.arrayContaining([HOME]) });
    expect(refused.body.error.details.supportedHosts).not.toContain(OTHER_HOME);
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses an allowlisted name that resolves to a private address: 400 address_not_public, nothing connected', async () => {
    const refused = await harness.get('/v1/fediverse/instance?instance=private.example.net');
    expectError(refused, 400, 'invalid_request');
    expect(refused.body.error.details).toMatchObject({ param: 'instance', reason: 'address_not_public' });
    expect(resolved).toContain('private.example.net');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

describe("an instance's budget", () => {
  let harness: Harness;
  const budget = { remaining: '10', reset: new Date(Date.now() + 600_000).toISOString() };
  beforeAll(async () => {
    harness = await startHarness({}, { callerHosts: INSTANCE_HOSTS });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(
      instanceApiRoute({
        // The other instance states no budget: its 429 names neither a reset nor a Retry-After.
        rateLimit: (host) => (host === HOME ? budget : undefined),
      }),
    );
  });

  it('after X-RateLimit-Remaining 0 with an ISO reset, refuses that instance with 429 and Retry-After, no request, while others answer', async () => {
    expectPaid(await harness.get(`/v1/fediverse/account?account=alice@${HOME}`), 'single');
    budget.remaining = '0';
    budget.reset = new Date(Date.now() + 120_000).toISOString();
    expectPaid(await harness.get(`/v1/fediverse/account?account=bob@${HOME}`), 'single');
    const requests = harness.upstream.requests.length;
    const before = await balanceOf(harness);
    const refused = await harness.get(`/v1/fediverse/account?account=carol@${HOME}`);
    expectError(refused, 429, 'upstream_rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    expect(harness.upstream.requests.length).toBe(requests);
    expect(await balanceOf(harness)).toBe(before);
    expectPaid(await harness.get(`/v1/fediverse/instance?instance=${OTHER_HOME}`), 'single');
  });

  it('a 429 without Retry-After answers 429 and spends that instance for five minutes', async () => {
    const limited = await harness.get(`/v1/fediverse/account?account=limited@${OTHER_HOME}`);
    expectError(limited, 429, 'upstream_rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(200);
    const requests = harness.upstream.requests.length;
    const next = await harness.get(`/v1/fediverse/account?account=alice@${OTHER_HOME}`);
    expectError(next, 429, 'upstream_rate_limited');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(200);
    expect(harness.upstream.requests.length).toBe(requests);
  });
});
