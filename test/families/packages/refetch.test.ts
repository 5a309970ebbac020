import { describe } from 'vitest';
import { itRefetches } from '../../support/refetch-cases.js';

/** The packages family's refetch declarations: a package of each registry, fetched again from that registry by its name there. */
describe('packages refetch declarations', () => {
  itRefetches(
    (['npm', 'pypi', 'crates'] as const).map((registry) => ({
      type: 'Package',
      resource: { platform: registry, id: 'left-pad' },
      endpoint: '/v1/packages/package',
      params: { registry, name: 'left-pad' },
    })),
  );
});
