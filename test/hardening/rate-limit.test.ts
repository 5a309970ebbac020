import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBurstPolicy } from '../../src/limits/rate-limit-headers.js';
import { expectError } from '../support/envelope.js';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { CAPPED_KEY, POOR_KEY, RICH_KEY, type Harness } from '../support/gateway.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';

/**
 * Per-key request rate (RATE_LIMIT_PER_MINUTE) on top of the daily cap: counted before any
 * upstream work on /v1 and /graphql, 429 rate_limited with Retry-After beyond it, and the
 * "burst" policy published beside "daily" in the IETF RateLimit headers.
 */

const PER_MINUTE = 3;
const POLICY = /^"daily";q=2;w=86400, "burst";q=3;w=60$/;

async function graphqlFetch(harness: Harness, key: string) {
  const response = await fetch(`${harness.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: '{ bookshelfBook(id: "101") { id } }' }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

describe('per-key request rate limit (in memory)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
  });
  afterAll(() => harness.close());

  it('publishes the burst policy beside the daily cap, counts down, then refuses with 429 rate_limited and Retry-After', async () => {
    const seen: string[] = [];
    for (let index = 0; index < PER_MINUTE; index += 1) {
      const response = await harness.get('/v1/account', CAPPED_KEY);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toMatch(POLICY);
      seen.push(response.headers.get('ratelimit')!);
    }
    // RateLimit names the quota that binds first: the daily cap (2 left) until the burst has fewer left.
    expect(seen[0]).toMatch(/^"daily";r=2;t=\d+$/);
    expect(seen[1]).toMatch(/^"burst";r=1;t=([1-9]|[1-5]\d|60)$/);
    expect(seen[2]).toMatch(/^"burst";r=0;t=([1-9]|[1-5]\d|60)$/);

    harness.upstream.reset();
    const refused = await harness.get('/v1/bookshelf/book?id=101', CAPPED_KEY);
    expectError(refused, 429, 'rate_limited');
    expect(refused.body.error.retryable).toBe(true);
    expect(refused.body.error.details).toEqual({ quota: PER_MINUTE, windowSeconds: 60 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/"burst";r=0;t=\d+$/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses GraphQL over the limit with a GraphQL response: code rate_limited, 0 credits, no upstream request', async () => {
    for (let index = 0; index < PER_MINUTE; index += 1) expect((await harness.get('/v1/account', POOR_KEY)).status).toBe(200);
    harness.upstream.reset();
    const refused = await graphqlFetch(harness, POOR_KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', http: { status: 429 }, retryable: true });
    expect(refused.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
    expect(refused.headers.get('ratelimit-policy')).toBe('"burst";q=3;w=60');
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('reads a key once per request: the door reuses the account its admission found, and counts it once', async () => {
    const { keys, admissionReads } = harness.gateway.state;
    const lookup = keys.lookup.bind(keys);
    const lookupHash = keys.lookupHash.bind(keys);
    const read = admissionReads.read.bind(admissionReads);
    let lookups = 0;
    let reads = 0;
    keys.lookup = (key) => ((lookups += 1), lookup(key));
    keys.lookupHash = (keyHash) => ((lookups += 1), lookupHash(keyHash));
    admissionReads.read = (keyHash, options) => ((reads += 1), read(keyHash, options));
    try {
      const first = await harness.get('/v1/account', RICH_KEY);
      const second = await harness.get('/v1/account', RICH_KEY);
      // One admission read each (the key, its count and its balance together), and no lookup beside it.
      expect(reads).toBe(2);
      expect(lookups).toBe(0);
      expect(first.headers.get('ratelimit')).toMatch(/^"burst";r=2;/);
      expect(second.headers.get('ratelimit')).toMatch(/^"burst";r=1;/);
    } finally {
      keys.lookup = lookup;
      keys.lookupHash = lookupHash;
      admissionReads.read = read;
    }
  });

  it('keeps budgets per key, and never turns a bad key into a 429', async () => {
    expect((await harness.get('/v1/account', RICH_KEY)).status).toBe(200);
    for (let index = 0; index < PER_MINUTE + 2; index += 1)
      expectError(await harness.get('/v1/account', 'sk_test_unknown_99'), 401, 'invalid_api_key');
    expectError(await harness.get('/v1/account', null), 401, 'missing_api_key');
  });

  it('leaves routes outside /v1 and /graphql alone', async () => {
    for (let index = 0; index < PER_MINUTE + 2; index += 1) {
      const response = await fetch(`${harness.baseUrl}/healthz`, { headers: { 'x-api-key': CAPPED_KEY } });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBeNull();
    }
  });
});

describe('RATE_LIMIT_PER_MINUTE=0', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness({ RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => harness.close());

  it('turns the rate limit off: only the daily policy is published', async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await harness.get('/v1/account', CAPPED_KEY);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"daily";q=2;w=86400');
    }
  });
});

describe('burst policy headers', () => {
  it('lists both policies, daily first, and names in RateLimit the one with fewer requests left', () => {
    const decision = { allowed: true, quota: 600, remaining: 599, resetSeconds: 60 };
    expect(withBurstPolicy({ policy: '"daily";q=1000;w=86400', limit: '"daily";r=1000;t=3600' }, decision)).toEqual({
      policy: '"daily";q=1000;w=86400, "burst";q=600;w=60',
      limit: '"burst";r=599;t=60',
    });
    expect(withBurstPolicy({ policy: '"daily";q=1000;w=86400', limit: '"daily";r=12;t=3600' }, decision).limit).toBe('"daily";r=12;t=3600');
    expect(withBurstPolicy({ policy: '"daily";q=1000;w=86400', limit: '"daily";r=599;t=3600' }, decision).limit).toBe(
      '"daily";r=599;t=3600',
    );
    expect(withBurstPolicy({}, decision)).toEqual({ policy: '"burst";q=600;w=60', limit: '"burst";r=599;t=60' });
  });
});

describe.skipIf(!REDIS_URL)('per-key request rate limit shared through Redis', () => {
  const prefix = testPrefix();
  let first: Harness;
  let second: Harness;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL!, RATE_LIMIT_PER_MINUTE: '5' };
    first = await startBookshelfHarness(env, { redisPrefix: prefix });
    second = await startBookshelfHarness(env, { redisPrefix: prefix });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await deletePrefix(prefix);
  });

  it('draws one budget for a key from both gateways: five pass in all, the sixth is 429 on either', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push((await (index % 2 === 0 ? first : second).get('/v1/account', RICH_KEY)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expectError(await first.get('/v1/account', RICH_KEY), 429, 'rate_limited');
    const refused = await second.get('/v1/account', RICH_KEY);
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await graphqlFetch(first, RICH_KEY)).status).toBe(429);
    // Another key has its own budget.
    expect((await second.get('/v1/account', POOR_KEY)).status).toBe(200);
  });
});
