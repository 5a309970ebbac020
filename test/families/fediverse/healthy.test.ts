import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fediverseFamily } from '../../../src/families/fediverse/index.js';
import { expectPaid } from '../../support/envelope.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { healthy } from './healthy.js';

/** The healthy instance the hardening suites use answers every endpoint's scenario with paid data. */
describe('the fediverse healthy family', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { callerHosts: healthy.callerHosts });
    harness.upstream.on(healthy.route);
  });
  afterAll(() => harness.close());

  it('has a scenario for every endpoint, each answered live and paid', async () => {
    expect(Object.keys(healthy.scenarios).sort()).toEqual(fediverseFamily.endpoints.map((endpoint) => endpoint.path).sort());
    for (const endpoint of fediverseFamily.endpoints) {
      for (const variant of [1, 2]) {
        const query = new URLSearchParams(healthy.scenarios[endpoint.path]!(variant)).toString();
        expectPaid(await harness.get(`${endpoint.path}?${query}`), endpoint.returns.kind);
      }
    }
  });
});
