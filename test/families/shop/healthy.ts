import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import type { FakeReply } from '../../support/fake-upstream-server.js';
import { META, ajaxProduct, listItem, suggestion } from './fixtures/items.js';

/**
 * Healthy stores for the hardening suites: any store host of the list below answers every
 * storefront surface by the shape of its path, a products.json page holding `limit` products
 * (so pages are never short), any handle a product. Stores are hosts callers name: the harness
 * sends the listed ones to the fake upstream.
 */

const json = (body: unknown): FakeReply => ({ status: 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Many stores, so that no two requests of a hardening run share a cached answer. */
export const HEALTHY_STORES = Array.from({ length: 5000 }, (_, index) => `healthy-store-${index}.example.com`);

export const healthy: HealthyFamily = {
  // A storefront that answers a JSON surface with something that is not JSON is not a Shopify
  // store (400 naming the parameter, free), not a store whose answer drifted.
  faultExpectations: {
    'HTML where JSON was expected': { status: 400, code: 'invalid_request' },
    'truncated JSON': { status: 400, code: 'invalid_request' },
  },
  callerHosts: HEALTHY_STORES,
  route: (_request, url) => {
    const path = url.pathname;
    if (path === '/meta.json') return json(META);
    if (path === '/products.json' || /^\/collections\/[^/]+\/products\.json$/.test(path)) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), 250);
      return json({ products: Array.from({ length: limit }, (_, index) => listItem({ id: 7000 + index, handle: `healthy-${index}` })) });
    }
    const handle = /^\/products\/([^/]+)\.js$/.exec(path)?.[1];
    if (handle !== undefined) return json(ajaxProduct({ handle: decodeURIComponent(handle) }));
    if (path === '/search/suggest.json') return json({ resources: { results: { products: [suggestion()] } } });
    return undefined;
  },
  scenarios: {
    '/v1/shop/store': (variant) => ({ domain: HEALTHY_STORES[variant % HEALTHY_STORES.length]! }),
    '/v1/shop/store/products': (variant) => ({ domain: HEALTHY_STORES[variant % HEALTHY_STORES.length]! }),
    '/v1/shop/product': (variant) => ({
      url: `https://${HEALTHY_STORES[variant % HEALTHY_STORES.length]!}/products/healthy-product-${variant}`,
    }),
    '/v1/shop/collection/products': (variant) => ({
      domain: HEALTHY_STORES[variant % HEALTHY_STORES.length]!,
      collection: `healthy-${variant}`,
    }),
    '/v1/shop/search': (variant) => ({ domain: HEALTHY_STORES[variant % HEALTHY_STORES.length]!, query: `healthy ${variant}` }),
  },
};
