import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, canonicalJson } from '../../src/subscriptions/content-hash.js';
import { MAX_DELIVERY_ATTEMPTS, RETRY_STEPS, retryDelayMs } from '../../src/subscriptions/retry-schedule.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, startHarness, type Harness } from '../support/gateway.js';
import { send, watchShelf } from './support.js';

/** On the test family's shelf endpoint (test/families/bookshelf). */
describe('POST/GET/DELETE /v1/subscriptions', () => {
  let harness: Harness;
  const body = (overrides: Record<string, unknown> = {}) => ({
    endpoint: '/v1/bookshelf/shelf',
    params: { shelf: ' Rest ' },
    webhookUrl: 'https://hooks.example.com/in',
    ...overrides,
  });
  beforeAll(async () => {
    harness = await startHarness({ SUBSCRIPTION_MIN_INTERVAL_SECONDS: '60' }, { catalogue: bookshelfCatalogue });
    watchShelf(harness.upstream, 'rest');
  });
  afterAll(() => harness.close());

  it('creates with 201, the secret shown once, canonical params and the default interval', async () => {
    const created = await send(harness, 'POST', '/v1/subscriptions', body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, meta: { creditsCharged: 0 } });
    const data = created.body.data;
    expect(data).toMatchObject({
      status: 'active',
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'rest', sort: 'catalogue', limit: 10 },
      webhookUrl: 'https://hooks.example.com/in',
      intervalSeconds: 3600,
      hash: null,
    });
    expect(data.id).toMatch(/^sub_[0-9a-f]{32}$/);
    expect(data.secret).toMatch(/^whsec_/);
    expect(Date.parse(data.createdAt)).not.toBeNaN();

    const one = await send(harness, 'GET', `/v1/subscriptions/${data.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).not.toHaveProperty('secret');
    expect(one.body.data).toMatchObject({ id: data.id, status: 'active', recentDeliveries: [] });
    expect(one.body.data).toHaveProperty('lastCheckedAt');
    expect(one.body.data).toHaveProperty('lastChangedAt');
    const list = await send(harness, 'GET', '/v1/subscriptions');
    expect(list.body.data.items.map((item: any) => item.id)).toContain(data.id);
    expect(JSON.stringify(list.body)).not.toContain(data.secret);

    // Another key sees nothing of it.
    expect((await send(harness, 'GET', `/v1/subscriptions/${data.id}`, undefined, POOR_KEY)).body.error).toMatchObject({
      code: 'not_found',
    });
    expect((await send(harness, 'DELETE', `/v1/subscriptions/${data.id}`, undefined, POOR_KEY)).status).toBe(404);
    expect((await send(harness, 'GET', '/v1/subscriptions', undefined, POOR_KEY)).body.data.items).toEqual([]);

    expect((await send(harness, 'DELETE', `/v1/subscriptions/${data.id}`)).status).toBe(200);
    expect((await send(harness, 'GET', `/v1/subscriptions/${data.id}`)).status).toBe(404);
    expect(await harness.gateway.subscriptions.checkNow(data.id)).toEqual({ ran: false, reason: 'missing' });
  });

  it.each([
    [{ intervalSeconds: 59 }, 'intervalSeconds'],
    [{ intervalSeconds: 86_401 }, 'intervalSeconds'],
    [{ intervalSeconds: 90.5 }, 'intervalSeconds'],
    [{ webhookUrl: undefined }, 'webhookUrl'],
    [{ webhookUrl: 'ftp://hooks.example.com/' }, 'webhookUrl'],
    [{ endpoint: '/v1/bookshelf/nope' }, 'endpoint'],
    [{ endpoint: '/v1/bookshelf/book' }, 'endpoint'],
    [{ params: { shelf: 'xy', limit: 1000 } }, 'limit'],
    [{ params: { shelf: 'x y' } }, 'shelf'],
    [{ params: { shelf: 'xy', colour: 'red' } }, 'colour'],
    [{ params: { shelf: 'xy', cache_max_age: '1h' } }, 'cache_max_age'],
    [{ extra: true }, 'extra'],
  ])('refuses %j with 400 naming %s', async (overrides, field) => {
    const answer = await send(harness, 'POST', '/v1/subscriptions', body(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: { code: 'invalid_request', details: { param: field } },
      meta: { creditsCharged: 0 },
    });
  });

  it('answers 401 without a key', async () => {
    const anonymous = await fetch(`${harness.baseUrl}/v1/subscriptions`);
    expect(anonymous.status).toBe(401);
  });
});

describe('content hash', () => {
  it('ignores key order, fetchedAt at any depth and raw; keeps array order', () => {
    const a = { items: [{ id: 1, fetchedAt: 'x', author: { name: 'a', fetchedAt: 'y' } }, { id: 2 }], raw: { token: 1 } };
    const b = { raw: { token: 2 }, items: [{ author: { fetchedAt: 'z', name: 'a' }, id: 1 }, { id: 2 }] };
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash({ items: [{ id: 2 }, { id: 1 }] })).not.toBe(contentHash({ items: [{ id: 1 }, { id: 2 }] }));
    expect(contentHash(null)).not.toBe(contentHash({ items: [] }));
    expect(contentHash({ a: null })).not.toBe(contentHash({}));
    expect(canonicalJson({ b: 1, a: [true, 'x'] })).toBe('{"a":[true,"x"],"b":1}');
    expect(contentHash({})).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('webhook retry schedule', () => {
  it('spans at least 24 hours at the default base even with the largest negative jitter, with jitter within ±20 %', () => {
    const shortest = RETRY_STEPS.reduce((sum, _step, index) => sum + retryDelayMs(index + 1, 30_000, () => 0), 0);
    expect(shortest).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(RETRY_STEPS.length + 1);
    expect(retryDelayMs(1, 30_000, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 30_000, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(1, 30_000, () => 1)).toBe(36_000);
    expect(Math.max(...RETRY_STEPS) * 30_000).toBe(4 * 3600 * 1000);
  });
});
