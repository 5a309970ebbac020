import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePrefix, REDIS_URL, testPrefix } from '../../../state/redis-support.js';
import { expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { SECOND_STORE, STORE, STORE_HOSTS, THROTTLED, storeRoute, storeState } from '../fixtures/store-world.js';

/**
 * A store's 429 spends that store in every process sharing Redis, and no other store; a store's
 * meta.json read by one process serves the others.
 */
describe.skipIf(!REDIS_URL)('shop store economy across two processes on Redis', () => {
  const prefix = testPrefix();
  let first: Harness;
  let second: Harness;
  beforeAll(async () => {
    const start = () => startHarness({ REDIS_URL: REDIS_URL! }, { redisPrefix: prefix, callerHosts: STORE_HOSTS });
    [first, second] = await Promise.all([start(), start()]);
    for (const harness of [first, second]) harness.upstream.on(storeRoute(storeState()));
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await deletePrefix(prefix);
  });

  it('refuses the throttled store in the other process without a request, and serves another store', async () => {
    const throttled = await first.get(`/v1/shop/search?domain=${THROTTLED}&query=tea`);
    expectError(throttled, 429, 'upstream_rate_limited');
    const refused = await second.get(`/v1/shop/search?domain=${THROTTLED}&query=tea`);
    expectError(refused, 429, 'upstream_rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.upstream.requests.filter((request) => request.host === THROTTLED)).toEqual([]);
    expectPaid(await second.get(`/v1/shop/search?domain=${STORE}&query=tea`), 'list');
  });

  it("reuses a store's meta.json read in one process in the other, without a request", async () => {
    const metaRequests = (harness: Harness) =>
      harness.upstream.requests.filter((request) => request.host === SECOND_STORE && request.url === '/meta.json').length;
    const product = await first.get(`/v1/shop/product?domain=${SECOND_STORE}&handle=cast-kettle`);
    expectPaid(product, 'single');
    expect(product.body.data).toMatchObject({ currency: 'AUD', storeName: 'Kettle Works' });
    expect(metaRequests(first)).toBe(1);
    const listed = await second.get(`/v1/shop/store/products?domain=${SECOND_STORE}`);
    expectPaid(listed, 'list');
    expect(listed.body.data.items[0]).toMatchObject({ currency: 'AUD', storeName: 'Kettle Works' });
    expect(metaRequests(second)).toBe(0);
    expect(second.upstream.requests.some((request) => request.host === SECOND_STORE && request.url.startsWith('/products.json'))).toBe(
      true,
    );
  });
});
