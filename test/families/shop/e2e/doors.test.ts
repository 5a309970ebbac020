import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedResolver } from '../../../../src/demo/fixed-resolver.js';
import { callTool, connectClient } from '../../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls } from '../../../support/envelope.js';
import { RICH_KEY, startHarness, type Harness } from '../../../support/gateway.js';
import { follow, sseClient } from '../../../graphql/sse-client.js';
import { WebhookReceiver, eventually, send } from '../../../subscriptions/support.js';
import {
  LOCKED,
  MYSHOPIFY,
  NOT_A_STORE,
  SECOND_STORE,
  STORE,
  STORE_HOSTS,
  THROTTLED,
  storeRoute,
  storeState,
  type StoreState,
} from '../fixtures/store-world.js';

/** The shop family end to end: the real gateway, synthetic stores on a loopback fake, on every door. */

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** A name the test resolver answers with a private address: never connected to. */
const PRIVATE_NAME = 'intranet-shop.example.com';
/** Requests to one store per hour: more than any other test of the file makes (budgets are forgotten between tests). */
const STORE_BUDGET = 12;

describe('shop over loopback', () => {
  let harness: Harness;
  let client: Client;
  let state: StoreState;
  beforeAll(async () => {
    harness = await startHarness(
      { SHOP_STORE_BUDGET: `${STORE_BUDGET}/1h`, SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE: 'true' },
      { callerHosts: STORE_HOSTS, resolveAll: fixedResolver({ [PRIVATE_NAME]: ['10.20.30.40'] }) },
    );
    client = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });
  beforeEach(async () => {
    state = storeState();
    harness.upstream.reset();
    harness.upstream.on((_request, url) =>
      url.hostname === STORE && url.pathname === '/products/away.js'
        ? { status: 301, headers: { location: `https://${PRIVATE_NAME}/products/away.js` } }
        : undefined,
    );
    harness.upstream.on(storeRoute(state));
    await harness.gateway.upstreamBudgets.forget();
  });

  it('serves a product from any form of its URL, one cache entry, prices from cents', async () => {
    const first = await harness.get(`/v1/shop/product?${q({ url: `https://${STORE}/products/sencha-tin` })}`);
    expectPaid(first, 'single');
    expect(first.body.data).toMatchObject({
      platform: 'shopify',
      id: '7001',
      url: `https://${STORE}/products/sencha-tin`,
      price: '12.50',
      compareAtPrice: '25.00',
      currency: 'NZD',
      storeName: 'Harbour Tea Co',
      storeDomain: STORE,
      available: true,
    });
    for (const url of [
      `http://${STORE.toUpperCase()}./fr/collections/all/products/sencha-tin.js?variant=8002`,
      `https://${STORE}/products/sencha-tin/`,
    ]) {
      const again = await harness.get(`/v1/shop/product?${q({ url, cache_max_age: '1h' })}`);
      expect(again.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    }
    const byHandle = await harness.get(`/v1/shop/product?${q({ domain: STORE, handle: 'sencha-tin', cache_max_age: '1h' })}`);
    expect(byHandle.body.meta).toMatchObject({ cached: true });
    expect(upstreamUrls(harness).sort()).toEqual([`${STORE}/meta.json`, `${STORE}/products/sencha-tin.js`]);
  });

  it('pages a store by cursor, any limit after any cursor, without a gap or a repeat', async () => {
    const first = await harness.get(`/v1/shop/store/products?${q({ domain: STORE, limit: '2' })}`);
    expectPaid(first, 'list');
    expect(first.body.data.items.map((item: { handle: string }) => item.handle)).toEqual(['sencha-tin', 'genmaicha']);
    expect(first.body.pagination.hasMore).toBe(true);
    const rest = await harness.get(`/v1/shop/store/products?${q({ domain: STORE, limit: '5', cursor: first.body.pagination.cursor })}`);
    expectPaid(rest, 'list');
    expect(rest.body.data.items.map((item: { handle: string }) => item.handle)).toEqual(['kukicha']);
    expect(rest.body.pagination).toEqual({ cursor: null, hasMore: false });
    const other = await harness.get(`/v1/shop/store/products?${q({ domain: SECOND_STORE, cursor: first.body.pagination.cursor })}`);
    expectError(other, 400, 'invalid_request');
    expect(other.body.error.details.param).toBe('cursor');
  });

  it('follows a .myshopify.com host to the primary domain, which answers as storeDomain', async () => {
    const answer = await harness.get(`/v1/shop/store?${q({ domain: `https://${MYSHOPIFY}/pages/about` })}`);
    expectPaid(answer, 'single');
    expect(answer.body.data).toMatchObject({
      platform: 'shopify',
      handle: STORE,
      displayName: 'Harbour Tea Co',
      postCount: 3,
      category: 'store',
    });
  });

  it('serves a collection, search, and their empty results for free', async () => {
    expectPaid(await harness.get(`/v1/shop/collection/products?${q({ url: `https://${STORE}/collections/sale` })}`), 'list');
    expectPaid(await harness.get(`/v1/shop/search?${q({ domain: STORE, query: ' hoji  cha ' })}`), 'list');
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`/v1/shop/collection/products?${q({ domain: STORE, collection: 'winter' })}`), 'list', 'not_found');
    expectEmpty(await harness.get(`/v1/shop/search?${q({ domain: STORE, query: 'nothing' })}`), 'list', 'no_results');
    expectEmpty(await harness.get(`/v1/shop/product?${q({ domain: STORE, handle: 'gone' })}`), 'single', 'not_found');
    expectEmpty(await harness.get(`/v1/shop/store/products?${q({ domain: LOCKED })}`), 'list', 'password_protected');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses a host that is not a store, and hosts the rules refuse, as 400 naming the parameter, free', async () => {
    const before = await balanceOf(harness);
    const notStore = await harness.get(`/v1/shop/store/products?${q({ domain: NOT_A_STORE })}`);
    expectError(notStore, 400, 'invalid_request');
    expect(notStore.body.error.details).toMatchObject({ param: 'domain', reason: 'not_shopify' });
    for (const [param, value] of [
      ['domain', '127.0.0.1'],
      ['domain', 'localhost'],
      ['domain', `${STORE}:8443`],
      ['url', `https://user:pw@${STORE}/products/x`],
      ['url', `https://${STORE}/pages/about`],
    ] as const) {
      const refused = await harness.get(`/v1/shop/${param === 'url' ? 'product' : 'store'}?${q({ [param]: value })}`);
      expectError(refused, 400, 'invalid_request');
      expect(refused.body.error.details.param, value).toBe(param);
    }
    expect(upstreamUrls(harness).every((url) => url.startsWith(NOT_A_STORE))).toBe(true);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('connects to nothing for a name of a private address, and refuses a redirect to one', async () => {
    const named = await harness.get(`/v1/shop/store?${q({ domain: PRIVATE_NAME })}`);
    expectError(named, 400, 'invalid_request');
    expect(named.body.error.details.param).toBe('domain');
    const redirected = await harness.get(`/v1/shop/product?${q({ domain: STORE, handle: 'away' })}`);
    expectError(redirected, 502, 'upstream_blocked');
    expect(upstreamUrls(harness).filter((url) => url.includes('away'))).toEqual([`${STORE}/products/away.js`]);
    expect(upstreamUrls(harness).some((url) => url.startsWith(PRIVATE_NAME))).toBe(false);
  });

  it("answers a 429 with the store's Retry-After, then refuses that store without a request, not another", async () => {
    const first = await harness.get(`/v1/shop/search?${q({ domain: THROTTLED, query: 'tea' })}`);
    expectError(first, 429, 'upstream_rate_limited');
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(7);
    const requests = harness.upstream.requests.length;
    expectError(await harness.get(`/v1/shop/search?${q({ domain: THROTTLED, query: 'kettle' })}`), 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.length).toBe(requests);
    expectPaid(await harness.get(`/v1/shop/search?${q({ domain: STORE, query: 'tea' })}`), 'list');
  });

  it('bounds calls per store with SHOP_STORE_BUDGET, one store never stopping another', async () => {
    const toStore = () => harness.upstream.requests.filter((request) => request.host === STORE).length;
    let refused: Awaited<ReturnType<Harness['get']>> | null = null;
    for (let call = 0; call < STORE_BUDGET + 2 && refused === null; call++) {
      const answer = await harness.get(`/v1/shop/product?${q({ domain: STORE, handle: `item-${call}` })}`);
      if (answer.status === 429) refused = answer;
    }
    expect(refused).not.toBeNull();
    expectError(refused!, 429, 'upstream_rate_limited');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(toStore()).toBe(STORE_BUDGET);
    expectPaid(await harness.get(`/v1/shop/store?${q({ domain: SECOND_STORE })}`), 'single');
  });

  it('serves GraphQL: Product as a Node with its variants, its store edge, and node(id:) refetching it', async () => {
    const answer = await harness.graphql(
      `{ shopProduct(url: "https://${STORE}/products/sencha-tin") { id platformId price currency variants { platformId title price available options } store { displayName } } }`,
    );
    expect(answer.body.errors).toBeUndefined();
    const product = answer.body.data.shopProduct;
    expect(product).toMatchObject({ platformId: '7001', price: '12.50', currency: 'NZD', store: { displayName: 'Harbour Tea Co' } });
    expect(product.variants[1]).toEqual({ platformId: '8002', title: '100 g', price: '22.00', available: false, options: ['100 g'] });
    const again = await harness.graphql(`query($id: ID!) { node(id: $id) { ... on Product { handle storeDomain } } }`, { id: product.id });
    expect(again.body.data.node).toEqual({ handle: 'sencha-tin', storeDomain: STORE });
    const products = await harness.graphql(
      `{ shopStore(domain: "${STORE}") { products(limit: 2) { items { handle } pagination { hasMore cursor } } } }`,
    );
    expect(products.body.data.shopStore.products).toMatchObject({
      items: [{ handle: 'sencha-tin' }, { handle: 'genmaicha' }],
      pagination: { hasMore: true },
    });
    // The edge takes over the endpoint's cursor: the next page is the one REST serves after it.
    const next = await harness.graphql(
      `query($cursor: String) { shopStore(domain: "${STORE}") { products(limit: 5, cursor: $cursor) { items { handle } pagination { hasMore } } } }`,
      { cursor: products.body.data.shopStore.products.pagination.cursor },
    );
    expect(next.body.data.shopStore.products).toEqual({ items: [{ handle: 'kukicha' }], pagination: { hasMore: false } });
  });

  it('serves the MCP tools and /v1/resolve on any host no family reads', async () => {
    const tool = await callTool(client, 'shop_collection_products', { domain: STORE, collection: 'sale' });
    expect(tool.isError).toBeFalsy();
    expect(JSON.stringify(tool.structuredContent)).toContain('sencha-tin');
    const resolved = await harness.get(`/v1/resolve?${q({ url: `https://${STORE}/en-nz/products/genmaicha` })}`);
    expectPaid(resolved, 'single');
    expect(resolved.body.meta.resolved).toEqual({ endpoint: '/v1/shop/product', params: { domain: STORE, handle: 'genmaicha' } });
    const local = await harness.get(`/v1/resolve?${q({ url: 'https://localhost/products/x' })}`);
    expectError(local, 400, 'invalid_request');
    expect(local.body.error.details.supportedHosts).not.toContain(STORE);
  });

  it('runs a batch over several stores', async () => {
    const created = await send(harness, 'POST', '/v1/jobs/batch', {
      endpoint: '/v1/shop/store',
      targets: [{ domain: STORE }, { domain: SECOND_STORE }, { domain: NOT_A_STORE }],
    });
    expect(created.status).toBe(202);
    const done = await eventually(async () => {
      const job = (await send(harness, 'GET', `/v1/jobs/${created.body.data.id}`)).body.data;
      return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
    }, 'the batch');
    expect(done.results.map((result: { status: string }) => result.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(done.results[1].result.data.displayName).toBe('Kettle Works');
    expect(done.creditsCharged).toBe(2);
  });

  it('delivers a price drop and a variant selling out with the exact changes', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    try {
      // Both variants in stock at the baseline.
      const [small, large] = state.products[0]!.variants as Record<string, unknown>[];
      state.products[0] = { ...state.products[0], variants: [small, { ...large, available: true }] };
      const created = await send(harness, 'POST', '/v1/subscriptions', {
        endpoint: '/v1/shop/product',
        params: { domain: STORE, handle: 'sencha-tin' },
        webhookUrl: receiver.url,
        intervalSeconds: 3600,
      });
      expect(created.status).toBe(201);
      const { id, secret } = created.body.data as { id: string; secret: string };
      receiver.secret = secret;
      await eventually(
        async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined),
        'the baseline',
      );
      // The store's own update time is no change.
      const sencha = state.products[0];
      state.products[0] = { ...sencha, updated_at: '2026-02-01T00:00:00Z' };
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
      // A price drop on one variant, the other selling out.
      const [cheaper, soldOut] = sencha!.variants as Record<string, unknown>[];
      state.products[0] = {
        ...sencha,
        variants: [
          { ...cheaper, price: '9.99' },
          { ...soldOut, available: false },
        ],
      };
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
      const delivery = await eventually(() => receiver.received[0], 'the delivery');
      expect(delivery.verifyError).toBeNull();
      expect(delivery.verified?.changes).toEqual([
        { productId: '7001', variantId: '8001', field: 'price', from: '12.50', to: '9.99' },
        { productId: '7001', variantId: '8002', field: 'available', from: true, to: false },
      ]);
    } finally {
      await receiver.stop();
    }
  });
  it('streams a GraphQL watch whose change events carry the typed changes, over SSE', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'distinct');
    const stream = follow(
      client,
      `subscription ($domain: String!) {
        watchShopProduct(domain: $domain, handle: "sencha-tin", intervalSeconds: 1) { title changes { productId variantId field from to } }
      }`,
      { domain: STORE },
    );
    try {
      const [first] = await stream.take(1);
      expect(first!.errors).toBeUndefined();
      expect(first!.data!.watchShopProduct).toMatchObject({ title: expect.any(String), changes: null });
      const sencha = state.products[0]!;
      const [cheaper, renamed] = sencha.variants as Record<string, unknown>[];
      state.products[0] = {
        ...sencha,
        variants: [
          { ...cheaper, price: '9.99' },
          { ...renamed, title: 'Large tin' },
        ],
      };
      const [second] = await stream.take(1);
      const changes = [
        { productId: '7001', variantId: '8001', field: 'price', from: '12.50', to: '9.99' },
        { productId: '7001', variantId: '8002', field: 'title', from: (renamed as { title: string }).title, to: 'Large tin' },
      ];
      expect(second!.data!.watchShopProduct.changes).toEqual(changes);
      expect((second!.extensions as { changes?: unknown }).changes).toEqual(changes);
    } finally {
      await stream.stop();
      client.dispose();
    }
  });
});
