import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import { keyField, list, single, throughPage, throughSingle } from '../../catalogue/standard-edges.js';
import { PLATFORM } from './constants.js';

/**
 * The shop graph beyond REST: a product's store (a Creator, through /v1/shop/store) and a
 * store's products (through /v1/shop/store/products), each one upstream call billed like its
 * REST endpoint. Creators of other platforms have no products field value, without a request.
 */
export function shopEdges(kit: EdgeKit): EdgeDefinition[] {
  const platform = PLATFORM;
  return [
    single('Product', 'store', 'Creator', {
      platform,
      description: 'The store selling the product (1 credit, through /v1/shop/store).',
      key: keyField('storeDomain'),
      ...throughSingle(kit, kit.endpoint('/v1/shop/store'), 'domain'),
    }),
    list('Creator', 'products', 'Product', {
      platform,
      description: "The store's products in its order (1 credit, through /v1/shop/store/products); null for creators of other platforms.",
      ...throughPage(kit, kit.endpoint('/v1/shop/store/products'), {
        keyOf: keyField('handle'),
        params: (domain, limit) => ({ domain, limit }),
        takeOver: ['cursor'],
      }),
    }),
  ];
}
