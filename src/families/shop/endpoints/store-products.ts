import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Product } from '../../../model/commerce.js';
import { decodeCursor } from '../input/cursor.js';
import { storeHost } from '../input/store.js';
import { listChangeReport } from '../watch/index.js';
import { readListPage } from './list-pages.js';
import { cursor, domain, limit } from './params.js';

const params = z.object({ domain, limit, cursor });

/** GET /v1/shop/store/products */
export const shopStoreProductsEndpoint = defineEndpoint({
  path: '/v1/shop/store/products',
  summary: "A Shopify store's products in its own order, with every variant's price and stock",
  description: [
    "Returns data.items: Product[] in the store's order (its products.json), prices as exact decimal strings in the store's default currency (raw.currency).",
    'A locked store is an empty result (meta.reason password_protected); a host that is not a Shopify store is 400 naming domain (details.reason not_shopify). Neither is charged.',
    'Subscribable: a change event lists what changed per product and variant (price, compare-at price, availability, title; products and variants added or removed).',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'list', type: 'Product' },
  raw: z.object({
    storeDomain: z.string().describe('the store host that answered'),
    currency: z.string().nullable().describe("the store's default currency, from its meta.json"),
  }),
  normaliseParams: (input) => {
    const host = storeHost(input.domain);
    if (input.cursor !== undefined) decodeCursor(input.cursor, host, null);
    return { ...input, domain: host };
  },
  changes: listChangeReport,
  fetch: (input, ctx): Promise<ListResult<Product>> => readListPage({ ...input, collection: null }, ctx),
});
