import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { REGISTRIES } from './constants.js';

/** A package fetched again by its registry's identity (npm name, PyPI normalised name, crate id). */
export const packagesRefetch: readonly RefetchDeclaration[] = REGISTRIES.map((registry) => ({
  type: 'Package',
  platform: registry,
  key: (item) => textOf(item.id),
  fetch: (name) => ({ endpoint: '/v1/packages/package', params: { registry, name } }),
}));
