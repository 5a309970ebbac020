import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';

/** What /openapi.json publishes about the realty surfaces: only the agent endpoint is experimental. */

describe('realty in /openapi.json', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  it('flags the agent endpoint x-experimental and says which fields are unverified; the others are not', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, { get: Record<string, unknown> }>;
    };
    const agent = document.paths['/v1/realty/agent']!.get;
    expect(agent['x-experimental']).toBe(true);
    expect(agent.description).toMatch(/Experimental: no recorded Redfin agent page/);
    expect(agent.description).toMatch(
      /name, photo, brokerage, license, phone, bio, languages, service areas, rating, review count, sales figures, listings\) is read under assumed field names and is unverified/,
    );
    for (const path of ['/v1/realty/for-sale', '/v1/realty/for-rent', '/v1/realty/search'])
      expect(document.paths[path]!.get['x-experimental']).toBe(false);
  });
});
