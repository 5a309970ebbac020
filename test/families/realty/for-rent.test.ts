import { describe, expect, it } from 'vitest';
import { propertyListingSchema } from '../../../src/families/realty/model.js';
import { fetchForRent } from '../../../src/families/realty/fetch/for-rent.js';
import { HTML, redfinPage } from './fixtures/page-builder.js';
import { fixtures, rentalPage } from './fixtures/pages.js';
import { gatewayError, stubContext } from './harness.js';

describe('GET /v1/realty/for-rent', () => {
  it('reads a multi-unit building: starting rent, unit types and counts from the floor plans, unit range in raw', async () => {
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
    // The floor plans give photo position ranges, not image URLs: none is invented.
    expect(listing.floorPlanUrls).toEqual([]);
    // Rent history: rental events (historyEventType 3) only.
    expect(listing.priceHistory).toEqual([
      { date: '2026-09-20T10:26:40.000Z', event: 'Price Changed', price: 1450, currency: 'USD', source: 'rentalsource' },
      { date: '2026-09-10T00:26:40.000Z', event: 'Listed for Rent', price: 1495, currency: 'USD', source: 'rentalsource' },
    ]);
    expect(result.raw).toMatchObject({
      via: 'page-cache',
      multiUnit: true,
      rentalId: '0f1e2d3c-4b5a-4697-8877-665544332211',
      unitRange: {
        beds: { min: 0, max: 2 },
        baths: { min: 1, max: 2 },
        sqft: { min: 480, max: 1105 },
        rent: { min: 1450, max: 2995 },
        numAvailableUnits: 14,
        totalUnitTypes: 3,
        totalUnits: 3,
        availableUnitTypes: 2,
        unavailableUnitTypes: 1,
        availableUnitTypesByBedroom: { Studio: 1, '1 Bed': 0, '2 Bed': 1 },
        unavailableUnitTypesByBedroom: { Studio: 0, '1 Bed': 1, '2 Bed': 0 },
        upcomingUnits: 1,
      },
    });
    // Unit types from the All group once each (the bedroom groups repeat them), unavailable ones last.
    const unitTypes = (result.raw as { unitRange: { unitTypes: unknown[] } }).unitRange.unitTypes;
    expect(unitTypes).toEqual([
      {
        unitTypeId: '5b1f0c2a-7d3e-4c59-9a11-0e2f3a4b5c61',
        name: 'S1',
        available: true,
        bedrooms: 0,
        baths: 1,
        fullBaths: 1,
        halfBaths: 0,
        rent: { min: 1450, max: 1520 },
        sqft: { min: 480, max: 505 },
        listedUnits: 2,
        upcomingUnits: 1,
      },
      {
        unitTypeId: '9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0',
        name: 'B2',
        available: true,
        bedrooms: 2,
        baths: 2,
        fullBaths: 2,
        halfBaths: 0,
        rent: { min: 2795, max: 2995 },
        sqft: { min: 1010, max: 1105 },
        listedUnits: 1,
        upcomingUnits: 0,
      },
      // No rent or area keys at all: read as unknown, not as a parse failure.
      {
        unitTypeId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
        name: 'A1',
        available: false,
        bedrooms: 1,
        baths: 1.5,
        fullBaths: 1,
        halfBaths: 1,
        rent: null,
        sqft: null,
        listedUnits: 0,
        upcomingUnits: 0,
      },
    ]);
  });

  it('takes price, ranges and counts from the floor plans when the card lacks them', async () => {
    const data = fixtures.rentalBuilding();
    const card = structuredClone(data.homecards) as { homes: { rentalExtension: Record<string, unknown> }[] };
    for (const key of ['bedRange', 'bathRange', 'sqftRange', 'rentPriceRange']) delete card.homes[0]!.rentalExtension[key];
    const ctx = stubContext(() => ({ body: rentalPage({ ...data, homecards: card }), headers: HTML }));
    const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);

    // The lowest rent of the available plans, as a building's starting rent; ranges stay in raw.
    expect(result.data).toMatchObject({ price: 1450, priceQualifier: 'starting at, per month', beds: null, baths: null, area: null });
    expect(result.raw).toMatchObject({
      unitRange: {
        beds: { min: 0, max: 2 },
        baths: { min: 1, max: 2 },
        sqft: { min: 480, max: 1105 },
        rent: { min: 1450, max: 2995 },
        totalUnitTypes: 3,
      },
    });
    expect(result.warnings).toBeUndefined();
  });

  it('keeps floor-plan image URLs only where the body gives them', async () => {
    const data = fixtures.rentalBuilding();
    const plans = structuredClone(data.floorPlans) as { unitTypesByBedroom: { availableUnitTypes: Record<string, unknown>[] }[] };
    const planImage = 'https://ssl.cdn-redfin.com/rentals/plans/alder-s1.png';
    plans.unitTypesByBedroom[0]!.availableUnitTypes[0]!.floorPlanImageUrl = planImage;
    // A unit's own photo is not a floor plan.
    (plans.unitTypesByBedroom[0]!.availableUnitTypes[1]!.units as Record<string, unknown>[])[0]!.photoUrl =
      'https://ssl.cdn-redfin.com/rentals/units/alder-512.jpg';
    const ctx = stubContext(() => ({ body: rentalPage({ ...data, floorPlans: plans }), headers: HTML }));
    const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);
    expect(result.data?.floorPlanUrls).toEqual([planImage]);
  });

  it('reads a single rented home: monthly rent and its own figures, no floor-plans request', async () => {
    const data = fixtures.rentalBuilding();
    const single = structuredClone(data.homecards) as {
      homes: { homeData: Record<string, unknown>; rentalExtension: Record<string, unknown> }[];
    };
    const home = single.homes[0]!;
    home.homeData.propertyId = '90000031';
    home.homeData.url = '/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
    delete home.rentalExtension.propertyName;
    Object.assign(home.rentalExtension, {
      bedRange: { min: 3, max: 3 },
      bathRange: { min: 1.5, max: 1.5 },
      sqftRange: { min: 1320, max: 1320 },
      rentPriceRange: { min: '2650', max: '2650' },
      numAvailableUnits: '1',
    });
    const url = 'https://www.redfin.com/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
    const page = redfinPage({ cache: [{ key: '/stingray/api/v1/rentals/homecards?propertyIds=90000031', body: single, bare: true }] });
    const ctx = stubContext((_request, target) =>
      target.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: page, headers: HTML },
    );
    const result = await fetchForRent({ url, tld: 'com' }, ctx);

    expect(result.data).toMatchObject({
      price: 2650,
      priceQualifier: 'per month',
      beds: 3,
      baths: 1.5,
      area: 1320,
      areaUnit: 'sqft',
      floorPlanUrls: [],
    });
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
      target.pathname === '/stingray/api/v1/rentals/homecards'
        ? { body: '{"homes":[]}' }
        : { body: redfinPage({ cache: [{ key: '/stingray/x', body: {} }] }), headers: HTML },
    );
    const result = await fetchForRent({ url, tld: 'com' }, ctx);
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
  });

  describe('without a rental card: a partial listing with warnings, not drift', () => {
    const HOMECARDS = '/stingray/api/v1/rentals/homecards';

    it('reads amenities, description and rent history when the direct card request fails (HTTP 500)', async () => {
      const data = fixtures.rentalBuilding();
      const url = 'https://www.redfin.com/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
      const page = rentalPage({ ...data, url }, ['homecards', 'floorPlans']);
      const ctx = stubContext((_request, target) =>
        target.pathname === HOMECARDS
          ? { status: 500, body: 'oops' }
          : target.pathname.startsWith('/stingray/')
            ? { status: 404, body: '' }
            : { body: page, headers: HTML },
      );
      const result = await fetchForRent({ url, tld: 'com' }, ctx);

      const listing = propertyListingSchema.parse(result.data);
      expect(listing).toMatchObject({
        id: '90000031',
        listingType: 'rent',
        price: null,
        priceQualifier: null,
        currency: 'USD',
        status: null,
        address: { line1: null, formatted: null },
        description: 'Alder Commons offers studios to two bedrooms steps from the park blocks.',
        brokerageName: 'Willamette Residential Management',
        amenities: { 'Unit amenities': 'Dishwasher, Washer & Dryer In Unit', 'Community amenities': 'Fitness Center, Bike Storage' },
      });
      expect(listing.priceHistory).toHaveLength(2);
      expect(result.warnings).toEqual(['rental card unavailable: price, address, coordinates and status unknown']);
      expect(result.raw).toMatchObject({
        via: 'page-cache',
        missing: { homecards: 'HTTP 500' },
        sections: { amenities: 'page-cache', about: 'page-cache', belowTheFold: 'page-cache' },
      });
      expect(ctx.urls()).toContain('https://www.redfin.com/stingray/api/v1/rentals/homecards?propertyIds=90000031');
    });

    it('treats a 404, an unreadable body or an unexpected shape of the card the same way', async () => {
      const data = fixtures.rentalBuilding();
      const url = 'https://www.redfin.com/OR/Portland/2210-NE-Fremont-St-97212/home/90000031';
      const page = rentalPage({ ...data, url }, ['homecards', 'floorPlans']);
      for (const [answer, why] of [
        [{ status: 404, body: '' }, 'HTTP 404'],
        [{ status: 403, body: '{"error":"forbidden"}' }, 'HTTP 403'],
        [{ body: '<<not json' }, 'an unreadable answer'],
        [{ body: '{"message":"no homes key"}' }, 'an answer of an unexpected shape'],
      ] as const) {
        const ctx = stubContext((_request, target) =>
          target.pathname === HOMECARDS
            ? answer
            : target.pathname.startsWith('/stingray/')
              ? { status: 404, body: '' }
              : { body: page, headers: HTML },
        );
        const result = await fetchForRent({ url, tld: 'com' }, ctx);
        expect(result.data?.price).toBeNull();
        expect(result.warnings?.[0]).toMatch(/^rental card unavailable: price/);
        expect(result.raw).toMatchObject({ missing: { homecards: why } });
      }
    });

    it('prices a building from its floor plans when only the card is missing', async () => {
      const data = fixtures.rentalBuilding();
      const ctx = stubContext((_request, target) =>
        target.pathname === HOMECARDS ? { status: 502, body: '' } : { body: rentalPage(data, ['homecards']), headers: HTML },
      );
      const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);
      expect(result.data).toMatchObject({
        price: 1450,
        priceQualifier: 'starting at, per month',
        beds: null,
        address: { formatted: null },
      });
      expect(result.warnings).toEqual(['rental card unavailable: address, coordinates and status unknown']);
      expect(result.raw).toMatchObject({ multiUnit: true, unitRange: { rent: { min: 1450, max: 2995 }, totalUnitTypes: 3 } });
    });

    it('names another section whose fetch failed, and keeps the rest', async () => {
      const data = fixtures.rentalBuilding();
      const rentalId = data.rentalId as string;
      const ctx = stubContext((_request, target) =>
        target.pathname === `/stingray/api/v1/rentals/${rentalId}/amenities`
          ? { status: 500, body: '' }
          : { body: rentalPage(data, ['amenities']), headers: HTML },
      );
      const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);
      expect(result.data).toMatchObject({ price: 1450, amenities: {} });
      expect(result.warnings).toEqual(['amenities unavailable: amenity lists unknown']);
    });

    it('still fails on a rate limit or a challenge: they speak for the site, not one section', async () => {
      const data = fixtures.rentalBuilding();
      const page = rentalPage(data, ['homecards']);
      const limited = stubContext((_request, target) =>
        target.pathname === HOMECARDS ? { status: 429, body: '', headers: { 'retry-after': '30' } } : { body: page, headers: HTML },
      );
      expect((await gatewayError(() => fetchForRent({ url: data.url, tld: 'com' }, limited))).code).toBe('upstream_rate_limited');
      const challenged = stubContext((_request, target) =>
        target.pathname === HOMECARDS
          ? { status: 403, body: '<html><title>Are You a Robot?</title></html>', headers: HTML }
          : { body: page, headers: HTML },
      );
      expect((await gatewayError(() => fetchForRent({ url: data.url, tld: 'com' }, challenged))).code).toBe('upstream_blocked');
    });

    it('is drift only when the page has no rental section at all', async () => {
      const url = 'https://www.redfin.com/OR/Portland/9-Elm-St-97201/home/90000099';
      const ctx = stubContext((_request, target) =>
        target.pathname.startsWith('/stingray/')
          ? { status: 500, body: '' }
          : { body: redfinPage({ cache: [{ key: '/stingray/x', body: {} }] }), headers: HTML },
      );
      const error = await gatewayError(() => fetchForRent({ url, tld: 'com' }, ctx));
      expect(error.code).toBe('upstream_schema_drift');
      expect(error.details).toMatchObject({ homecards: 'HTTP 500' });
    });
  });
});
