import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POOR_KEY, startHarness, type Harness } from '../../../support/gateway.js';
import { fixtures } from '../fixtures/pages.js';
import { balanceOf, expectError, realty, type RealtyEndpoint } from './support.js';

/** Without REALTY_PROXY_URL every realty endpoint answers 501 not_configured (contract 5), after auth and validation. */

const URLS: Record<RealtyEndpoint, string> = {
  'for-sale': fixtures.saleCom().url,
  'for-rent': fixtures.rentalBuilding().url,
  agent: fixtures.agent().url,
  search: 'https://www.redfin.com/city/30818/TX/Austin',
};
const ENDPOINTS = Object.keys(URLS) as RealtyEndpoint[];

describe('realty without REALTY_PROXY_URL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    // Anything that did reach the fake upstream would succeed, so a 501 cannot come from it.
    harness.upstream.on(() => ({ body: '<html><body>should never be asked</body></html>' }));
  });

  it.each(ENDPOINTS)('%s answers 501 not_configured naming REALTY_PROXY_URL, 0 credits, no upstream request', async (endpoint) => {
    const before = await balanceOf(harness);
    const response = await harness.get(realty(endpoint, { url: URLS[endpoint], cache_max_age: '1h' }));
    expectError(response, 501, 'not_configured');
    expect(response.body.error.message).toContain('REALTY_PROXY_URL');
    expect(response.body.error.details).toEqual({ variable: 'REALTY_PROXY_URL' });
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(await balanceOf(harness)).toBe(before);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('answers not_configured even to a key without credits (nothing would be charged)', async () => {
    expectError(await harness.get(realty('for-sale', { url: URLS['for-sale'] }), POOR_KEY), 501, 'not_configured');
  });

  it.each(ENDPOINTS)('%s checks the key first: 401 invalid_api_key, 401 missing_api_key', async (endpoint) => {
    const path = realty(endpoint, { url: URLS[endpoint] });
    expectError(await harness.get(path, 'sk_test_unknown_key'), 401, 'invalid_api_key');
    expectError(await harness.get(path, null), 401, 'missing_api_key');
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it.each(ENDPOINTS)('%s validates parameters before answering 501', async (endpoint) => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'url'],
      [{ url: URLS[endpoint], tld: 'uk' }, 'tld'],
      [{ url: URLS[endpoint], country_code: 'USA' }, 'country_code'],
      [{ url: URLS[endpoint], page: '2' }, 'page'],
      [{ url: URLS[endpoint], cache_max_age: 'forever' }, 'cache_max_age'],
    ];
    for (const [params, param] of cases) {
      const response = await harness.get(realty(endpoint, params));
      expectError(response, 400, 'invalid_request');
      expect(response.body.error.details.param).toBe(param);
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('answers not_configured over GraphQL too, with the spec code and status', async () => {
    const result = await harness.graphql('query ($url: String!) { realtyForSale(url: $url) { id } }', { url: URLS['for-sale'] });
    expect(result.body.data).toEqual({ realtyForSale: null });
    expect(result.body.errors[0].extensions).toMatchObject({ code: 'not_configured', http: { status: 501 } });
    expect(result.body.extensions.billing).toMatchObject({ creditsCharged: 0 });
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
