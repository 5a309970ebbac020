import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyDefinition } from '../../../src/catalogue/family.js';
import { expectPaid } from '../../support/envelope.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import type { HealthyFamily } from './healthy-family.js';

/**
 * A family's healthy upstream, checked on its own: a scenario for every endpoint, each variant
 * answered live and paid. The fault matrix relies on exactly this before it injects any fault.
 */
export function describeHealthyFamily(family: FamilyDefinition, healthy: HealthyFamily): void {
  describe(`the ${family.name} healthy family`, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness({ ...healthy.env }, { callerHosts: healthy.callerHosts });
      harness.upstream.on(healthy.route);
    });
    afterAll(() => harness.close());

    it('has a scenario for every endpoint, each answered live and paid', async () => {
      expect(Object.keys(healthy.scenarios).sort()).toEqual(family.endpoints.map((endpoint) => endpoint.path).sort());
      for (const endpoint of family.endpoints) {
        for (const variant of [1, 2]) {
          const query = new URLSearchParams(healthy.scenarios[endpoint.path]!(variant)).toString();
          expectPaid(await harness.get(`${endpoint.path}?${query}`), endpoint.returns.kind);
        }
      }
    });
  });
}
