import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redfinPage } from '../fixtures/page-builder.js';
import { fixtures, idsOf, rentalPage, salePage } from '../fixtures/pages.js';
import { startHarness } from '../../../support/gateway.js';
import {
  at,
  balanceOf,
  e2eFixture,
  expectError,
  expectPaid,
  expectProxied,
  html,
  realty,
  startProxiedGateway,
  upstreamUrls,
  type ProxiedGateway,
} from './support.js';

/** for-sale, for-rent and agent end to end, through the REALTY_PROXY_URL forward proxy (spec 4.3, contract 4). */

describe('realty listings and agents through the proxy', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => harness().upstream.reset());

  it('reads a single-family for-sale home on redfin.com in one page request, 1 credit', async () => {
    const data = fixtures.saleCom();
    harness().upstream.on(at(idsOf(data).path, html(salePage(data))));
    const before = await balanceOf(harness());
    const response = await harness().get(realty('for-sale', { url: data.url }));

    expectPaid(response, 'single');
    expect(response.body.raw).toBeUndefined();
    expect(response.body.data).toMatchObject({
      platform: 'redfin',
      id: '90000001',
      url: data.url,
      listingType: 'sale',
      status: 'active',
      price: 615000,
      currency: 'USD',
      propertyType: 'Single Family Residential',
      beds: 3,
      baths: 2.5,
      area: 1840,
      areaUnit: 'sqft',
      address: { city: 'Austin', region: 'TX', country: 'US' },
      agentName: 'Dana Whitfield',
      fetchedAt: response.body.meta.fetchedAt,
    });
    expect(response.body.data.schools).toHaveLength(2);
    expect(response.body.data.priceHistory).toHaveLength(3);
    expect(Number(response.headers.get('x-credits-remaining'))).toBe(before - 1);
    expect(await balanceOf(harness())).toBe(before - 1);
    expect(upstreamUrls(harness())).toEqual([`www.redfin.com${idsOf(data).path}`]);
    expectProxied(gateway.proxy);
  });

  it('prices a redfin.ca condo unit in CAD, with its unit, asking only www.redfin.ca', async () => {
    const data = e2eFixture('condo-ca.json');
    harness().upstream.on(at(idsOf(data).path, html(salePage(data)), 'www.redfin.ca'));
    const response = await harness().get(realty('for-sale', { url: data.url, tld: 'ca', country_code: 'ca' }));

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: '90000070',
      status: 'active',
      price: 849000,
      currency: 'CAD',
      address: { line1: '1290 Seabreeze Walk #2203', unit: '#2203', city: 'Vancouver', region: 'BC', postalCode: 'V6Z 0Z9', country: 'CA' },
      beds: 1,
      area: 742,
      brokerageName: 'False Creek Realty Group',
      amenities: { 'Strata Fees': '$455/mo', 'Property Type': 'Condo' },
    });
    expect(response.body.data.priceHistory).toEqual([expect.objectContaining({ event: 'Listed', price: 849000, currency: 'CAD' })]);
    expect(harness().upstream.requests.map((request) => request.host)).toEqual(['www.redfin.ca']);
    expectProxied(gateway.proxy);
  });

  it('reads a multi-unit rental building: starting rent, qualifier, floor plans and raw.unitRange', async () => {
    const data = fixtures.rentalBuilding();
    harness().upstream.on(at(idsOf(data).path, html(rentalPage(data))));
    const response = await harness().get(realty('for-rent', { url: data.url, include_raw: 'true' }));

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: '90000010',
      listingType: 'rent',
      status: 'active',
      price: 1450,
      currency: 'USD',
      priceQualifier: 'starting at, per month',
      beds: null,
      baths: null,
      area: null,
      brokerageName: 'Willamette Residential Management',
    });
    // Floor plans give photo position ranges, not image URLs: none is invented.
    expect(response.body.data.floorPlanUrls).toEqual([]);
    expect(response.body.raw).toMatchObject({
      via: 'page-cache',
      url: data.url,
      multiUnit: true,
      rentalId: data.rentalId,
      unitRange: {
        beds: { min: 0, max: 2 },
        baths: { min: 1, max: 2 },
        sqft: { min: 480, max: 1105 },
        rent: { min: 1450, max: 2995 },
        numAvailableUnits: 14,
        totalUnitTypes: 3,
        totalUnits: 3,
      },
      homecards: data.homecards,
    });
    expect(harness().upstream.requests).toHaveLength(1);
    expectProxied(gateway.proxy);
  });

  it('reads an agent profile with the listings it shows', async () => {
    const data = fixtures.agent();
    const page = redfinPage({
      cache: [{ key: '/stingray/api/agents/profile', queryParams: { agentSlug: 'marisol-vega' }, body: data.profile }],
      jsonLd: data.jsonLd as unknown[],
    });
    harness().upstream.on(at('/real-estate-agents/marisol-vega', html(page)));
    const response = await harness().get(realty('agent', { url: data.url }));

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      platform: 'redfin',
      id: '4400123',
      name: 'Marisol Vega',
      brokerageName: 'Redfin',
      licenseNumber: 'TX 0612345',
      rating: 4.9,
      reviewCount: 87,
    });
    expect(response.body.data.listings).toEqual([
      expect.objectContaining({ id: '90000001', status: 'active', price: 615000, currency: 'USD' }),
      expect.objectContaining({ id: '90000005', price: null }),
    ]);
    expect(upstreamUrls(harness())).toEqual(['www.redfin.com/real-estate-agents/marisol-vega']);
    expectProxied(gateway.proxy);
  });

  it('reads a sold home, asking stingray (through the proxy) only for what the page lacks', async () => {
    const data = fixtures.sold();
    harness().upstream.on(at(idsOf(data).path, html(salePage(data))));
    const response = await harness().get(realty('for-sale', { url: data.url, include_raw: 'true' }));

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: '90000003',
      status: 'sold',
      price: 842500,
      priceQualifier: 'Sold Price',
      currency: 'USD',
    });
    // The fake answers 404 to the stingray calls: those sections are simply absent.
    expect(upstreamUrls(harness())).toEqual([
      'www.redfin.com/CO/Denver/3150-W-Birch-Ct-80211/home/90000003',
      'www.redfin.com/stingray/api/home/details/initialInfo?path=%2FCO%2FDenver%2F3150-W-Birch-Ct-80211%2Fhome%2F90000003',
      'www.redfin.com/stingray/api/home/details/mainHouseInfoPanelInfo?propertyId=90000003&accessLevel=1&pageType=1',
    ]);
    expect(response.body.raw).toMatchObject({ via: 'page-cache', sections: { aboveTheFold: 'page-cache', belowTheFold: 'page-cache' } });
  });

  it('reads an off-market home as off_market', async () => {
    const data = fixtures.saleCom();
    data.url = 'https://www.redfin.com/TX/Austin/9-Quiet-Oak-Ln-78745/home/90000061';
    (data.aboveTheFold as { addressSectionInfo: { status: unknown } }).addressSectionInfo.status = { displayValue: 'Off Market' };
    harness().upstream.on(at(idsOf(data).path, html(salePage(data))));
    const response = await harness().get(realty('for-sale', { url: data.url }));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ id: '90000061', status: 'off_market' });
  });

  it('answers a listing Redfin answers 404 as an empty not_found result: 0 credits, not cached', async () => {
    const path = '/TX/Austin/404-Gone-Ln-78701/home/90000062';
    harness().upstream.on(at(path, html('<html><title>Page not found</title></html>', { status: 404 })));
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await harness().get(realty('for-sale', { url: `https://www.redfin.com${path}`, cache_max_age: '1h' }));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        data: null,
        meta: { creditsCharged: 0, cached: false, empty: true, reason: 'not_found' },
      });
      expect(response.headers.get('x-credits-charged')).toBe('0');
    }
    expect(harness().upstream.requests).toHaveLength(2);
  });

  it('serves a repeated for-sale request with cache_max_age=7d as a 0-credit hit with the original fetchedAt', async () => {
    const data = fixtures.condo();
    harness().upstream.on(at(idsOf(data).path, html(salePage(data))));
    const first = await harness().get(realty('for-sale', { url: data.url }));
    expectPaid(first, 'single');
    const before = await balanceOf(harness());

    const hit = await harness().get(realty('for-sale', { url: data.url, cache_max_age: '7d' }));
    expect(hit.status).toBe(200);
    expect(hit.body.meta).toMatchObject({ creditsCharged: 0, cached: true, fetchedAt: first.body.meta.fetchedAt });
    expect(hit.body.meta.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(hit.body.data).toEqual(first.body.data);
    expect(hit.headers.get('x-credits-charged')).toBe('0');
    expect(await balanceOf(harness())).toBe(before);
    expect(harness().upstream.requests).toHaveLength(1);
  });
});

describe('realty with REALTY_PROXY_URL pointing nowhere', () => {
  it('never goes direct: the fetch fails without reaching the upstream, and is not charged', async () => {
    const harness = await startHarness({ REALTY_PROXY_URL: 'http://127.0.0.1:1' });
    try {
      const data = fixtures.saleCom();
      harness.upstream.on(() => html(salePage(data)));
      const response = await harness.get(realty('for-sale', { url: data.url }));
      expectError(response, 502, 'upstream_blocked');
      expect(response.headers.get('x-credits-charged')).toBe('0');
      expect(harness.upstream.requests).toHaveLength(0);
    } finally {
      await harness.close();
    }
  });
});
