import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

describe('GraphQL over HTTP conformance (graphql-http audits)', async () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  const audits = serverAudits({
    url: () => `${harness.baseUrl}/graphql`,
    fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('x-api-key', RICH_KEY);
      return fetch(input, { ...init, headers });
    },
  });
  for (const audit of audits) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      // SHOULD and MAY audits may warn; every MUST audit has to pass.
      if (audit.name.startsWith('MUST')) expect(result.status, 'reason' in result ? result.reason : '').toBe('ok');
      else expect(['ok', 'warn']).toContain(result.status);
    });
  }
});
