import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByFields } from '../../catalogue/standard-refetch.js';
import { PLATFORM } from './constants.js';

/**
 * A product is fetched again by its store and handle (`node(id:)`), the key `STORE/HANDLE`:
 * neither a store host nor a handle holds `/`. The platform id alone names no store.
 */
export const shopRefetch: readonly RefetchDeclaration[] = [
  refetchByFields('Product', PLATFORM, ['storeDomain', 'handle'], { endpoint: '/v1/shop/product', params: ['domain', 'handle'] }),
];
