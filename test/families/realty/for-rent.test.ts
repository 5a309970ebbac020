import { describe, expect, it } from 'vitest';
import { propertyListingSchema } from '../../../src/families/realty/model.js';
import { fetchForRent } from '../../../src/families/realty/fetch/for-rent.js';
import { HTML, redfinPage } from '../../fixtures/realty/page-builder.js';
import { fixtures, rentalPage } from '../../fixtures/realty/pages.js';
import { stubContext } from './harness.js';

describe('GET /v1/realty/for-rent', () => {
  it('reads a multi-unit building: starting rent, floor-plan images, unit range in raw', async () => {
    const data = fixtures.rentalBuilding();
    const ctx = stubContext(() => ({ body: rentalPage(data), headers: HTML }));
    const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);

    expect(ctx.urls()).toEqual(['https://www.redfin.com/OR/Portland/Alder-Commons/apartment/90000010']);
    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      id: '90000010',
      url: 'https://www.redfin.com/OR/Portland/Alder-Commons/apartment/90000010',
      listingType: 'rent',
      status: 'active',
      price: 1450,
      currency: 'USD',
      priceQualifier: 'starting at, per month',
      address: { line1: '1500 SW Alder St', city: 'Portland', region: 'OR', postalCode: '97205', country: 'US' },
      latitude: 45.5212,
      longitude: -122.6843,
      // A building's per-unit figures are ranges: they live in raw.unitRange, not here.
      beds: null,
      baths: null,
      area: null,
      areaUnit: null,
      description: 'Alder Commons offers studios to two bedrooms steps from the park blocks.',
      agentName: null,
      agentPhone: '5035550188',
      brokerageName: 'Willamette Residential Management',
      amenities: { 'Unit amenities': 'Dishwasher, Washer & Dryer In Unit', 'Community amenities': 'Fitness Center, Bike Storage' },
      updatedAt: '2026-09-20T10:11:12.131415Z',
      listedAt: '2026-09-10T00:26:40.000Z',
    });
    // Plan images of each unit type once; photos of single units are not floor plans.
    expect(listing.floorPlanUrls).toEqual(['https://ssl.cdn-redfin.com/rentals/plans/alder-s1.png', 'https://ssl.cdn-redfin.com/rentals/plans/alder-b2.png']);
    // Rent history: rental events (historyEventType 3) only.
    expect(listing.priceHistory).toEqual([
      { date: '2026-09-20T10:26:40.000Z', event: 'Price Changed', price: 1450, currency: 'USD', source: 'rentalsource' },
      { date: '2026-09-10T00:26:40.000Z', event: 'Listed for Rent', price: 1495, currency: 'USD', source: 'rentalsource' },
    ]);
    expect(result.raw).toMatchObject({
      via: 'page-cache',
      multiUnit: true,
      rentalId: '0f1e2d3c-4b5a-4697-8877-665544332211',
      unitRange: { beds: { min: 0, max: 2 }, baths: { min: 1, max: 2 }, sqft: { min: 480, max: 1105 }, rent: { min: 1450, max: 2995 }, numAvailableUnits: 14, unitTypes: 2 },
    });
  });

  it('reads a single rented home: monthly rent and its own figures, no floor-plans request', async () => {
    const data = fixtures.rentalBuilding();
    const single = structuredClone(data.homecards) as { homes: { homeData: Record<string, unknown>; rentalExtension: Record<string, unknown> }[] };
    const home = single.homes[0]!;
    home.homeData.propertyId = '90000031';
    home.homeData.url = '/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
    delete home.rentalExtension.propertyName;
    Object.assign(home.rentalExtension, { bedRange: { min: 3, max: 3 }, bathRange: { min: 1.5, max: 1.5 }, sqftRange: { min: 1320, max: 1320 }, rentPriceRange: { min: '2650', max: '2650' }, numAvailableUnits: '1' });
    const url = 'https://www.redfin.com/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
    const page = redfinPage({ cache: [{ key: '/stingray/api/v1/rentals/homecards?propertyIds=90000031', body: single, bare: true }] });
    const ctx = stubContext((_request, target) => (target.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: page, headers: HTML }));
    const result = await fetchForRent({ url, tld: 'com' }, ctx);

    expect(result.data).toMatchObject({ price: 2650, priceQualifier: 'per month', beds: 3, baths: 1.5, area: 1320, areaUnit: 'sqft', floorPlanUrls: [] });
    expect(result.raw).toMatchObject({ multiUnit: false });
    const rentalId = data.rentalId as string;
    expect(ctx.urls().slice(1).sort()).toEqual([
      `https://www.redfin.com/stingray/api/v1/home/details/belowTheFold?propertyId=90000031&accessLevel=1&pageType=6`,
      `https://www.redfin.com/stingray/api/v1/rentals/${rentalId}/about`,
      `https://www.redfin.com/stingray/api/v1/rentals/${rentalId}/amenities`,
    ]);
  });

  it('answers not_found when the rentals API has no rental for the property', async () => {
    const url = 'https://www.redfin.com/OR/Portland/9-Elm-St-97201/home/90000099';
    const ctx = stubContext((_request, target) =>
      target.pathname === '/stingray/api/v1/rentals/homecards' ? { body: '{"homes":[]}' } : { body: redfinPage({ cache: [{ key: '/stingray/x', body: {} }] }), headers: HTML },
    );
    const result = await fetchForRent({ url, tld: 'com' }, ctx);
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
  });
});
