import type { RefetchDeclaration } from '../../catalogue/family.js';
import { REGISTRIES } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A package fetched again by its registry's identity (npm name, PyPI normalised name, crate id). */
export const packagesRefetch: readonly RefetchDeclaration[] = REGISTRIES.map((registry) => ({
  type: 'Package',
  platform: registry,
  key: (item) => text(item.id),
  fetch: (name) => ({ endpoint: '/v1/packages/package', params: { registry, name } }),
}));
