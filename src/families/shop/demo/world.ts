import { demoExample, type DemoExample, type DemoWorld } from '../../../catalogue/demo-world.js';
import { DEMO_STORE, LOCKED_STORE, shopRoutes } from './store.js';

/** One example per shop endpoint, answered by the demo store. */
const EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/shop/store', 'a store as a Creator', { domain: DEMO_STORE }),
  demoExample('/v1/shop/store/products', "a store's products, two a page", { domain: DEMO_STORE, limit: '2' }),
  demoExample('/v1/shop/product', 'a product from its page URL (prices from cents)', {
    url: `https://${DEMO_STORE}/en-nz/products/sencha-tin?variant=8002`,
  }),
  demoExample('/v1/shop/collection/products', 'a collection by handle', { domain: DEMO_STORE, collection: 'sale' }),
  demoExample('/v1/shop/search', 'predictive search', { domain: DEMO_STORE, query: 'green' }),
];

/** An invented tea store whose prices and stock move every tick, and a locked store. */
export const shopDemo: DemoWorld = {
  async start({ changeEveryMs }) {
    return { routes: shopRoutes(changeEveryMs), hosts: [DEMO_STORE, LOCKED_STORE], examples: EXAMPLES };
  },
};
