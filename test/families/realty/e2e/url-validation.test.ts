import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtures } from '../fixtures/pages.js';
import { POOR_KEY, startHarness } from '../../../support/gateway.js';
import { balanceOf, expectError, realty, startProxiedGateway, type ProxiedGateway, type RealtyEndpoint } from './support.js';

/** The realty URL and market rules (family README) through REST: 400 invalid_request naming the parameter. */

const SALE = fixtures.saleCom().url;
const SALE_CA = fixtures.saleCa().url;

const CASES: [string, RealtyEndpoint, Record<string, string>, string][] = [
  ['a URL on another host', 'for-sale', { url: 'https://www.example.com/TX/Austin/1-Elm-St-78701/home/90000001' }, 'url'],
  ['an http URL', 'for-sale', { url: SALE.replace('https:', 'http:') }, 'url'],
  ['a URL that is not absolute', 'for-sale', { url: '/TX/Austin/1204-Juniper-Hollow-Ln-78745/home/90000001' }, 'url'],
  ['an agent URL on for-sale', 'for-sale', { url: fixtures.agent().url }, 'url'],
  ['a building URL on for-sale', 'for-sale', { url: fixtures.rentalBuilding().url }, 'url'],
  ['a listing URL on search', 'search', { url: SALE }, 'url'],
  ['a search URL on agent', 'agent', { url: 'https://www.redfin.com/city/30818/TX/Austin' }, 'url'],
  ['a .ca URL with tld=com', 'for-sale', { url: SALE_CA, tld: 'com' }, 'tld'],
  ['a .com URL with tld=ca', 'for-rent', { url: fixtures.rentalBuilding().url, tld: 'ca' }, 'tld'],
  ['country_code CA with tld=com', 'for-sale', { url: SALE, country_code: 'CA' }, 'country_code'],
  [
    'country_code us with tld=ca',
    'search',
    { url: 'https://www.redfin.ca/city/3560/BC/Vancouver', tld: 'ca', country_code: 'us' },
    'country_code',
  ],
  ['a cursor that is no page number', 'search', { url: 'https://www.redfin.com/city/30818/TX/Austin', cursor: 'abc' }, 'cursor'],
];

describe('realty URL validation through REST', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => {
    harness().upstream.reset();
    harness().upstream.on(() => ({ body: '<html><body>should never be asked</body></html>' }));
  });

  it.each(CASES)('refuses %s: 400 naming the parameter, 0 credits, no upstream request', async (_name, endpoint, params, param) => {
    const before = await balanceOf(harness());
    const seenBefore = gateway.proxy.seen.length;
    const response = await harness().get(realty(endpoint, params));
    expectError(response, 400, 'invalid_request');
    expect(response.body.error.details.param).toBe(param);
    expect(response.body.error.message).toContain(param);
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(await balanceOf(harness())).toBe(before);
    expect(harness().upstream.requests).toHaveLength(0);
    expect(gateway.proxy.seen).toHaveLength(seenBefore);
  });

  it('tells the allowed value of country_code and points a wrong-marketplace URL at the right tld', async () => {
    const country = await harness().get(realty('for-sale', { url: SALE, country_code: 'CA' }));
    expect(country.body.error.message).toMatch(/country_code must be US/);
    const tld = await harness().get(realty('for-sale', { url: SALE_CA }));
    expect(tld.body.error.message).toMatch(/pass tld=ca/);
  });

  // KNOWN BUG (see report): the URL and market rules run inside the endpoint's fetch, after the
  // billing reservation and the not_configured check, so a caller with no credits gets 402 and a
  // deployment without a proxy answers 501 for a URL that is invalid anyway. Flip to `it` once fixed.
  it('answers 400 for an invalid URL before refusing a key without credits (402)', async () => {
    const response = await harness().get(realty('for-sale', { url: 'https://www.example.com/x/home/1' }), POOR_KEY);
    expect(response.status).toBe(400);
  });

  it('answers 400 for an invalid URL even without REALTY_PROXY_URL (not 501)', async () => {
    const plain = await startHarness();
    try {
      const response = await plain.get(realty('for-sale', { url: SALE, country_code: 'CA' }));
      expect(response.status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
