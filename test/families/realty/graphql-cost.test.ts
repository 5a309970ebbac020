import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../support/gateway.js';

/** The GraphQL cost limit counts the realty search's per-result listing edge before anything runs. */
describe('the cost of realty searches over GraphQL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  it('refuses two full rentals pages with every listing before any upstream request, for 0 credits', async () => {
    const before = (await harness.get('/v1/account')).body.data.balance as number;
    const { status, body } = await harness.graphql(
      '{ a: realtySearch(url: "https://www.redfin.com/city/1/WA/Seattle/apartments-for-rent") { items { listing { id } } } b: realtySearch(url: "https://www.redfin.com/city/2/WA/Tacoma/apartments-for-rent") { items { listing { id } } } }',
    );
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/up to 702 upstream fetches/);
    expect(body.errors[0].extensions).toMatchObject({ code: 'invalid_request', http: { status: 400 } });
    expect(body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
    expect(harness.upstream.requests).toHaveLength(0);
    expect((await harness.get('/v1/account')).body.data.balance).toBe(before);
  });
});
