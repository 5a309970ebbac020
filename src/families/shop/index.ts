import { defineFamily } from '../../catalogue/family.js';
import { MAX_REDIRECTS } from './constants.js';
import { shopCollectionProductsEndpoint } from './endpoints/collection-products.js';
import { shopProductEndpoint } from './endpoints/product.js';
import { shopSearchEndpoint } from './endpoints/search.js';
import { shopStoreProductsEndpoint } from './endpoints/store-products.js';
import { shopStoreEndpoint } from './endpoints/store.js';
import { shopEdges } from './graph.js';
import { shopRefetch } from './refetch.js';
import { readStoreBudget } from './upstream/storefront.js';
import { shopUrlForms } from './url-forms.js';

/**
 * The shop family: any Shopify storefront the caller names, read as an anonymous visitor
 * (meta.json, products.json, a product's `.js`, predictive search), through the unified Product
 * type. Stores are hosts the caller names: each request and redirect hop goes through the
 * outbound address policy, and each store has its own budget across processes.
 */
export const shopFamily = defineFamily({
  name: 'shop',
  // No host is declared: every store is one a caller names, fetched through the caller-host gate.
  hosts: [],
  callerNamedHosts: { hostBudgetEnv: 'SHOP_STORE_BUDGET', hostBudgetDefault: '60/60s', maxRedirects: MAX_REDIRECTS },
  readBudget: readStoreBudget,
  endpoints: [shopStoreEndpoint, shopStoreProductsEndpoint, shopProductEndpoint, shopCollectionProductsEndpoint, shopSearchEndpoint],
  urlForms: shopUrlForms,
  edges: shopEdges,
  refetch: shopRefetch,
  demo: async () => (await import('./demo/world.js')).shopDemo,
});
