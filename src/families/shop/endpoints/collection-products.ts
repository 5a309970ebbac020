import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Product } from '../../../model/commerce.js';
import { readListPage } from './list-pages.js';
import { COLLECTION_CONSTRAINT, canonicalCollection, collectionIdentity, cursor, limit } from './params.js';

const params = z.object({ ...collectionIdentity, limit, cursor });

/** GET /v1/shop/collection/products */
export const shopCollectionProductsEndpoint = defineEndpoint({
  path: '/v1/shop/collection/products',
  summary: "The products of one collection of a Shopify store, in the collection's order",
  description: [
    "Returns data.items: Product[] of the collection (its products.json), prices as exact decimal strings in the store's default currency (raw.currency).",
    'A collection the store does not have is an empty result (meta.reason not_found); a locked store too (password_protected).',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: COLLECTION_CONSTRAINT }),
  returns: { kind: 'list', type: 'Product' },
  raw: z.object({
    storeDomain: z.string().describe('the store host that answered'),
    currency: z.string().nullable().describe("the store's default currency, from its meta.json"),
  }),
  normaliseParams: canonicalCollection,
  fetch: (input, ctx): Promise<ListResult<Product>> => {
    const { domain, collection } = canonicalCollection(input);
    return readListPage({ domain, collection, limit: input.limit, cursor: input.cursor }, ctx);
  },
});
