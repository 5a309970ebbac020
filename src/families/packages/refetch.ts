import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByField } from '../../catalogue/standard-refetch.js';
import { REGISTRIES } from './constants.js';

/** A package fetched again by its registry's identity (npm name, PyPI normalised name, crate id). */
export const packagesRefetch: readonly RefetchDeclaration[] = REGISTRIES.map((registry) =>
  refetchByField('Package', registry, 'id', { endpoint: '/v1/packages/package', param: 'name', fixed: { registry } }),
);
