import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redfinPage } from '../fixtures/page-builder.js';
import { fixtures, idsOf, rentalPage, salePage } from '../fixtures/pages.js';
import { at, e2eFixture, expectProxied, html, startProxiedGateway, when, type ProxiedGateway } from './support.js';

/** The realty root fields and the SearchResultItem.listing edge over GraphQL (contract 8), through the proxy. */

const LISTING_DELAY_MS = 100;
const gisQuery = (region: number) => ({
  al: 1,
  num_homes: 40,
  ord: 'redfin-recommended-asc',
  page_number: 1,
  region_id: region,
  region_type: 6,
  status: 9,
  v: 8,
});

/** A gis answer of 6 distinct homes, two of them served twice (8 results). */
function gisWithRepeats(): unknown {
  const template = (fixtures.gis() as { homes: Record<string, unknown>[] }).homes[0]!;
  const homes = [1, 2, 3, 4, 5, 6].map((n) => ({
    ...template,
    propertyId: 90000200 + n,
    listingId: 190000200 + n,
    url: `/TX/Austin/${n}-Edge-Test-Ln-78701/home/${90000200 + n}`,
    streetLine: { value: `${n} Edge Test Ln`, level: 1 },
  }));
  return { homes: [...homes, homes[0], homes[2]], dataSources: [] };
}

/** A for-sale page for any listing path (the sale fixture re-addressed), answered after a delay. */
function anySaleListing(url: URL) {
  if (!/\/home\/\d+$/.test(url.pathname)) return undefined;
  const data = { ...fixtures.saleCom(), url: `https://www.redfin.com${url.pathname}` };
  return html(salePage(data), { delayMs: LISTING_DELAY_MS });
}

/** A rental page for any rentals-search result path (the building fixture re-addressed to its id). */
function anyRental(url: URL) {
  const id = /\/(?:home|apartment)\/(\d+)$/.exec(url.pathname)?.[1];
  if (id === undefined) return undefined;
  const data = fixtures.rentalBuilding();
  data.url = `https://www.redfin.com${url.pathname}`;
  const home = (data.homecards as { homes: { homeData: Record<string, unknown> }[] }).homes[0]!;
  Object.assign(home.homeData, { propertyId: id, url: url.pathname });
  return html(rentalPage(data));
}

describe('realty over GraphQL through the proxy', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => harness().upstream.reset());

  it('realtyForSale takes tld, countryCode and includeRaw, then serves a cacheMaxAge hit for free', async () => {
    const data = e2eFixture('condo-ca.json');
    harness().upstream.on(at(idsOf(data).path, html(salePage(data)), 'www.redfin.ca'));
    const query =
      'query ($url: String!, $raw: Boolean, $age: String) { realtyForSale(url: $url, tld: CA, countryCode: "CA", includeRaw: $raw, cacheMaxAge: $age) { id: platformId price currency status address { unit } raw fetchedAt } }';

    const first = await harness().graphql(query, { url: data.url, raw: true });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.realtyForSale).toMatchObject({
      id: '90000070',
      price: 849000,
      currency: 'CAD',
      status: 'active',
      address: { unit: '#2203' },
    });
    expect(first.body.data.realtyForSale.raw).toMatchObject({ via: 'page-cache', url: data.url });
    expect(first.body.extensions.billing).toEqual({ creditsCharged: 1, liveFetches: 1, cacheHits: 0 });

    const hit = await harness().graphql(query, { url: data.url, age: '7d' });
    expect(hit.body.data.realtyForSale).toMatchObject({ id: '90000070', raw: null, fetchedAt: first.body.data.realtyForSale.fetchedAt });
    expect(hit.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 1 });
    expect(harness().upstream.requests).toHaveLength(1);
    expectProxied(gateway.proxy);
  });

  it('realtyForRent and realtyAgent resolve with their REST results', async () => {
    const rental = fixtures.rentalBuilding();
    const agent = fixtures.agent();
    const agentPage = redfinPage({ cache: [{ key: '/stingray/api/agents/profile', body: agent.profile }] });
    harness()
      .upstream.on(at(idsOf(rental).path, html(rentalPage(rental))))
      .on(at('/real-estate-agents/marisol-vega', html(agentPage)));
    const result = await harness().graphql(
      `query ($rent: String!, $agent: String!) {
        realtyForRent(url: $rent, includeRaw: true) { id: platformId listingType price priceQualifier floorPlanUrls raw }
        realtyAgent(url: $agent) { id: platformId name listings { id: platformId price currency } }
      }`,
      { rent: rental.url, agent: agent.url },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.realtyForRent).toMatchObject({
      id: '90000010',
      listingType: 'rent',
      price: 1450,
      priceQualifier: 'starting at, per month',
    });
    expect(result.body.data.realtyForRent.floorPlanUrls).toEqual([]);
    expect(result.body.data.realtyForRent.raw.unitRange).toMatchObject({ rent: { min: 1450, max: 2995 }, numAvailableUnits: 14 });
    expect(result.body.data.realtyAgent).toEqual({
      id: '4400123',
      name: 'Marisol Vega',
      listings: [
        { id: '90000001', price: 615000, currency: 'USD' },
        { id: '90000005', price: null, currency: 'USD' },
      ],
    });
    expect(result.body.extensions.billing).toEqual({ creditsCharged: 2, liveFetches: 2, cacheHits: 0 });
  });

  it('realtySearch takes a cursor and asks for …/page-N', async () => {
    const base = '/city/30818/TX/Austin';
    harness().upstream.on(
      at(
        `${base}/page-2`,
        html(
          redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: { ...gisQuery(30818), page_number: 2 }, body: fixtures.gis() }] }),
        ),
      ),
    );
    const result = await harness().graphql(
      'query ($url: String!) { realtySearch(url: $url, cursor: "2") { items { position id: platformId } pagination { cursor hasMore } } }',
      { url: `https://www.redfin.com${base}` },
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.realtySearch.items.map((item: any) => item.position)).toEqual([1, 2, 3, 4]);
    expect(result.body.data.realtySearch.pagination).toEqual({ cursor: null, hasMore: false });
    expect(harness().upstream.requests.map((request) => request.url)).toEqual([`${base}/page-2`]);
  });

  it('refuses a countryCode that contradicts tld with invalid_request naming it, before any fetch', async () => {
    const result = await harness().graphql('query ($url: String!) { realtyForSale(url: $url, countryCode: "CA") { id: platformId } }', {
      url: fixtures.saleCom().url,
    });
    expect(result.body.errors[0].extensions).toMatchObject({
      code: 'invalid_request',
      http: { status: 400 },
      details: { param: 'country_code' },
    });
    expect(result.body.extensions.billing.creditsCharged).toBe(0);
    expect(harness().upstream.requests).toHaveLength(0);
  });

  it('resolves SearchResultItem.listing through for-sale: each distinct listing once, at most 4 in flight, billed 1 + listings', async () => {
    const base = '/city/30999/TX/Austin';
    harness()
      .upstream.on(
        at(base, html(redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: gisQuery(30999), body: gisWithRepeats() }] }))),
      )
      .on(when('www.redfin.com', anySaleListing));
    const result = await harness().graphql(
      'query ($url: String!) { realtySearch(url: $url) { items { id: platformId url listing { id: platformId listingType price currency } } } }',
      { url: `https://www.redfin.com${base}` },
    );

    expect(result.body.errors).toBeUndefined();
    const items = result.body.data.realtySearch.items as any[];
    expect(items).toHaveLength(8);
    for (const item of items) expect(item.listing).toEqual({ id: item.id, listingType: 'sale', price: 615000, currency: 'USD' });
    const listingRequests = harness().upstream.requests.filter((request) => /\/home\/\d+$/.test(request.url));
    expect(listingRequests).toHaveLength(6);
    expect(new Set(listingRequests.map((request) => request.url)).size).toBe(6);
    expect(harness().upstream.maxConcurrent).toBeLessThanOrEqual(4);
    expect(harness().upstream.maxConcurrent).toBeGreaterThan(1);
    expect(result.body.extensions.billing).toEqual({ creditsCharged: 7, liveFetches: 7, cacheHits: 0 });
    expectProxied(gateway.proxy);
  });

  it('gives a listing that cannot be fetched null with its own error, unbilled, and resolves the rest', async () => {
    const base = '/city/30998/TX/Austin';
    harness()
      .upstream.on(
        at(base, html(redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: gisQuery(30998), body: fixtures.gis() }] }))),
      )
      .on(at('/TX/Austin/19-Ridgeback-Trl-78732/home/90000022', html('Forbidden', { status: 403 })))
      .on(when('www.redfin.com', anySaleListing));
    const result = await harness().graphql(
      'query ($url: String!) { realtySearch(url: $url) { items { id: platformId listing { id: platformId } } } }',
      { url: `https://www.redfin.com${base}` },
    );
    const items = result.body.data.realtySearch.items as any[];
    expect(items.map((item) => item.listing?.id ?? null)).toEqual(['90000021', null, '90000023', '90000024']);
    expect(result.body.errors).toHaveLength(1);
    expect(result.body.errors[0]).toMatchObject({
      path: ['realtySearch', 'items', 1, 'listing'],
      extensions: { code: 'upstream_blocked' },
    });
    expect(result.body.extensions.billing.creditsCharged).toBe(4);
  });

  it('resolves the listings of a rentals search through for-rent', async () => {
    const base = '/city/30772/OR/Portland/apartments-for-rent';
    const page = redfinPage({
      cache: [
        {
          key: '/stingray/api/v1/search/rentals',
          queryParams: { num_homes: 3, page_number: 1, region_id: 30772, region_type: 6 },
          body: fixtures.rentals(),
          bare: true,
        },
      ],
    });
    harness()
      .upstream.on(at(base, html(page)))
      .on(when('www.redfin.com', anyRental));
    const result = await harness().graphql(
      'query ($url: String!) { realtySearch(url: $url) { items { id: platformId url listing { id: platformId listingType currency priceQualifier } } } }',
      { url: `https://www.redfin.com${base}` },
    );

    expect(result.body.errors).toBeUndefined();
    const items = result.body.data.realtySearch.items as any[];
    expect(items.map((item) => item.listing)).toEqual(
      ['90000010', '90000031', '90000032'].map((id) => ({
        id,
        listingType: 'rent',
        currency: 'USD',
        priceQualifier: 'starting at, per month',
      })),
    );
    const [searchRequest, ...listingRequests] = harness().upstream.requests.map((request) => request.url);
    expect(searchRequest).toBe(base);
    expect(listingRequests.sort()).toEqual([
      '/OR/Portland/2210-NE-Fremont-St-97212/home/90000031',
      '/OR/Portland/5120-SE-Division-St-97206/unit-3/home/90000032',
      '/OR/Portland/Alder-Commons/apartment/90000010',
    ]);
    expect(result.body.extensions.billing).toEqual({ creditsCharged: 4, liveFetches: 4, cacheHits: 0 });
  });
});
