import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { PLATFORM } from './constants.js';

/**
 * A product is fetched again by its store and handle (`node(id:)`), the key `STORE/HANDLE`: a
 * handle never holds `/`, so the first slash splits it. The platform id alone names no store.
 */
export const shopRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Product',
    platform: PLATFORM,
    key: (item) => {
      const store = textOf(item.storeDomain);
      const handle = textOf(item.handle);
      return store === null || handle === null ? null : `${store}/${handle}`;
    },
    fetch: (key) => {
      const slash = key.indexOf('/');
      if (slash <= 0 || slash === key.length - 1) return null;
      return { endpoint: '/v1/shop/product', params: { domain: key.slice(0, slash), handle: key.slice(slash + 1) } };
    },
  },
];
