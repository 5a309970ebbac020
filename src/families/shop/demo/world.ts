import type { DemoExample, DemoWorld } from '../../../catalogue/demo-world.js';
import { DEMO_STORE, LOCKED_STORE, shopRoutes } from './store.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One example per shop endpoint, answered by the demo store. */
const EXAMPLES: readonly DemoExample[] = [
  { endpoint: '/v1/shop/store', what: 'a store as a Creator', path: `/v1/shop/store?${query({ domain: DEMO_STORE })}` },
  {
    endpoint: '/v1/shop/store/products',
    what: "a store's products, two a page",
    path: `/v1/shop/store/products?${query({ domain: DEMO_STORE, limit: '2' })}`,
  },
  {
    endpoint: '/v1/shop/product',
    what: 'a product from its page URL (prices from cents)',
    path: `/v1/shop/product?${query({ url: `https://${DEMO_STORE}/en-nz/products/sencha-tin?variant=8002` })}`,
  },
  {
    endpoint: '/v1/shop/collection/products',
    what: 'a collection by handle',
    path: `/v1/shop/collection/products?${query({ domain: DEMO_STORE, collection: 'sale' })}`,
  },
  { endpoint: '/v1/shop/search', what: 'predictive search', path: `/v1/shop/search?${query({ domain: DEMO_STORE, query: 'green' })}` },
];

/** An invented tea store whose prices and stock move every tick, and a locked store. */
export const shopDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    return { routes: shopRoutes(changeEveryMs), hosts: [DEMO_STORE, LOCKED_STORE], examples: EXAMPLES };
  },
};
