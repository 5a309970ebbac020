import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import { list, single, textOf } from '../../catalogue/standard-edges.js';
import { LIST_LIMIT, PLATFORM } from './constants.js';

/** Pages an edge may ask for: the list endpoint's own bounds. */
const PAGE = { default: LIST_LIMIT.default, max: LIST_LIMIT.max };

/** Loader keys are JSON arrays: a store host, a page size and a cursor never collide. */
const keyOf = (...parts: (string | number | null)[]): string => JSON.stringify(parts);
const partsOf = (key: string): (string | number | null)[] => JSON.parse(key) as (string | number | null)[];

/**
 * The shop graph beyond REST: a product's store (a Creator, through /v1/shop/store) and a
 * store's products (through /v1/shop/store/products), each one upstream call billed like its
 * REST endpoint. Creators of other platforms have no products field value, without a request.
 */
export function shopEdges(kit: EdgeKit): EdgeDefinition[] {
  const store = kit.endpoint('/v1/shop/store');
  const products = kit.endpoint('/v1/shop/store/products');
  const loadStore = kit.loadSingles(store, (key) => ({ domain: partsOf(key)[0] }));
  const loadProducts = kit.loadLists(products, (key) => {
    const [domain, limit, cursor] = partsOf(key);
    return { domain, limit, ...(cursor === null ? {} : { cursor }) };
  });
  return [
    single('Product', 'store', 'Creator', {
      platform: PLATFORM,
      upstreamCost: kit.cost(store),
      description: 'The store selling the product (1 credit, through /v1/shop/store).',
      key: (item) => {
        const domain = textOf(item.storeDomain);
        return domain === null ? null : keyOf(domain);
      },
      load: loadStore,
    }),
    list('Creator', 'products', 'Product', {
      platform: PLATFORM,
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description: "The store's products in its order (1 credit, through /v1/shop/store/products); null for creators of other platforms.",
      parameters: { endpoint: products, names: ['cursor'] },
      key: (item, { limit, cursor }) => {
        const domain = textOf(item.handle);
        return domain === null ? null : keyOf(domain, limit ?? PAGE.default, typeof cursor === 'string' ? cursor : null);
      },
      load: loadProducts,
    }),
  ];
}
