import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchForRent } from '../../../src/families/realty/fetch/for-rent.js';
import { fetchForSale } from '../../../src/families/realty/fetch/for-sale.js';
import { fetchSearch } from '../../../src/families/realty/fetch/search.js';
import { propertyListingSchema, searchResultItemSchema } from '../../../src/families/realty/model.js';
import { rentalIdInText } from '../../../src/families/realty/stingray-urls.js';
import { stubUpstream, type StubHandler } from '../../support/stub-upstream.js';
import { redfinPage } from './fixtures/page-builder.js';

/**
 * Replays the recorded Redfin samples (UPSTREAM_SAMPLES_DIR/realty) through the realty fetch
 * functions and checks the values the samples hold. The samples are read from disk only.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;
const HTML = { 'content-type': 'text/html; charset=UTF-8' };
const FETCHED_AT = '2026-10-01T00:00:00.000Z';

interface ManifestEntry {
  file: string;
  request: { url: string };
}

interface UnitRange {
  beds: unknown;
  baths: unknown;
  sqft: unknown;
  rent: unknown;
  totalUnitTypes: number;
  totalUnits: number;
  availableUnitTypes: number;
  unavailableUnitTypes: number;
  availableUnitTypesByBedroom: Record<string, number>;
  unavailableUnitTypesByBedroom: Record<string, number>;
  upcomingUnits: number;
  unitTypes: {
    name: string;
    available: boolean;
    bedrooms: number | null;
    baths: number | null;
    rent: unknown;
    sqft: unknown;
    listedUnits: number;
  }[];
}

describe.skipIf(!samplesDir)('realty conformance: recorded Redfin samples', () => {
  const dir = join(samplesDir ?? '', 'realty');
  const text = (file: string) => readFileSync(join(dir, file), 'utf8');
  const manifest = () => JSON.parse(text('manifest.json')) as ManifestEntry[];
  const requestUrl = (file: string) => manifest().find((entry) => entry.file === file)!.request.url;
  const context = (handler: StubHandler) => {
    const upstream = stubUpstream(handler);
    return { upstream, fetchedAt: FETCHED_AT, urls: () => upstream.calls.map((call) => call.url) };
  };
  const rentals = () =>
    JSON.parse(text('rentals_search_portland.json')) as {
      homes: { homeData: { propertyId: string }; rentalExtension: { rentPriceRange: { min: number }; propertyName?: string } }[];
      numMatchedHomes: number;
    };
  // A page shell whose dataCache holds other answers only, as a search page without an embedded search.
  const shell =
    '<html><body><script>root.__reactServerState.InitialContext = {"ReactServerAgent.cache":{"dataCache":{"/stingray/api/home/details/primaryRegionInfo":{"res":{"text":"{}&&{}"}}}}};</script></body></html>';

  it('for_sale_ca_829_e14th.html: a redfin.ca listing read from its dataCache, priced in CAD', async () => {
    const url = requestUrl('for_sale_ca_829_e14th.html');
    const ctx = context((_request, target) =>
      target.pathname === new URL(url).pathname ? { body: text('for_sale_ca_829_e14th.html'), headers: HTML } : undefined,
    );
    const result = await fetchForSale({ url, tld: 'ca' }, ctx);

    expect(ctx.urls()).toEqual([url]);
    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      id: '155809679',
      url,
      listingType: 'sale',
      status: 'active',
      price: 2198000,
      currency: 'CAD',
      beds: 5,
      baths: 3,
      area: 2280,
      areaUnit: 'sqft',
      lotArea: 4026,
      yearBuilt: 1911,
      propertyType: 'Single Family Residential',
      address: {
        line1: '829 E 14th Ave',
        unit: null,
        city: 'Vancouver',
        region: 'BC',
        postalCode: 'V5T 2N5',
        country: 'CA',
        formatted: '829 E 14th Ave, Vancouver, BC V5T 2N5',
      },
      latitude: 49.2581041,
      longitude: -123.08652,
      agentName: 'Jen Hickey',
      brokerageName: 'Macdonald Realty',
      updatedAt: '2026-02-18T21:21:43.037Z',
      listedAt: '2026-02-17T08:00:00.000Z',
    });
    expect(listing.imageUrls).toHaveLength(40);
    expect(listing.floorPlanUrls).toEqual(['https://ssl.cdn-redfin.com/photo/256/bigphoto/427/R3090427_39_1.jpg']);
    expect(listing.description).toMatch(/^CHARACTER! Beautiful pre-WW1 home/);
    expect(listing.description).not.toContain('&amp;');
    expect(listing.priceHistory).toEqual([
      { date: '2026-02-17T08:00:00.000Z', event: 'Listed', price: 2198000, currency: 'CAD', source: 'GVR' },
      { date: '1997-05-29T07:00:00.000Z', event: 'Sold (Public Records)', price: 295000, currency: 'CAD', source: 'Public Records' },
    ]);
    expect(listing.schools).toHaveLength(5);
    expect(listing.schools[0]).toEqual({
      name: 'Florence Nightingale Elementary School',
      grades: 'K-7',
      distance: 0.4,
      distanceUnit: 'mi',
      rating: null,
      type: 'Public',
      url: 'https://www.redfin.ca/bc/school/florence-nightingale-elementary-school/236563',
    });
    expect(listing.amenities['Parking Features']).toBe('Open, Lane Access');
    expect(result.raw).toMatchObject({ via: 'page-cache' });
  });

  it('for_sale_ca_829_e14th.html: its JSON-LD (which says USD) still gives CAD', async () => {
    const url = requestUrl('for_sale_ca_829_e14th.html');
    const withoutCache = text('for_sale_ca_829_e14th.html').replace('__reactServerState.InitialContext =', '__reactServerState.Removed =');
    const ctx = context((_request, target) =>
      target.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: withoutCache, headers: HTML },
    );
    const result = await fetchForSale({ url, tld: 'ca' }, ctx);
    expect(result.raw).toMatchObject({ via: 'json-ld' });
    expect(result.data).toMatchObject({
      price: 2198000,
      currency: 'CAD',
      status: 'active',
      beds: 5,
      baths: 3,
      area: 2280,
      yearBuilt: 1911,
      address: { city: 'Vancouver', country: 'CA' },
    });
  });

  it('gis_search_austin.txt: 25 results in served order as the gis answer of a city search', async () => {
    const recorded = new URL(requestUrl('gis_search_austin.txt'));
    const searchUrl = 'https://www.redfin.com/city/30818/TX/Austin';
    const ctx = context((_request, target) =>
      target.pathname === '/stingray/api/gis'
        ? { body: text('gis_search_austin.txt') }
        : target.pathname === '/city/30818/TX/Austin'
          ? { body: shell, headers: HTML }
          : undefined,
    );
    const result = await fetchSearch({ url: searchUrl, tld: 'com' }, ctx);

    const asked = new URL(ctx.urls()[1]!);
    expect(asked.pathname).toBe(recorded.pathname);
    for (const name of ['al', 'ord', 'page_number', 'region_id', 'region_type', 'status', 'v'])
      expect(asked.searchParams.get(name)).toBe(recorded.searchParams.get(name));
    const items = result.items.map((item) => searchResultItemSchema.parse(item));
    expect(items).toHaveLength(25);
    expect(items.map((item) => item.position)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(items.every((item) => item.currency === 'USD')).toBe(true);
    expect(items[0]).toMatchObject({
      id: '186122877',
      price: 490000,
      availability: 'in_stock',
      title: '8329 Fathom Cir Unit A & B, Austin, TX 78750',
    });
    expect(items.slice(1).every((item) => item.availability === 'preorder')).toBe(true);
    expect(items[24]).toMatchObject({ id: '31512009', price: null });
    expect(result.raw).toMatchObject({ via: 'stingray' });
  });

  it('gis_search_austin.txt: the same answer embedded in a search page dataCache', async () => {
    const recorded = new URL(requestUrl('gis_search_austin.txt'));
    const entry = {
      requestData: { urlPath: '/stingray/api/gis', queryParams: [Object.fromEntries(recorded.searchParams)] },
      res: { text: text('gis_search_austin.txt') },
    };
    const page = `<html><body><script>root.__reactServerState.InitialContext = ${JSON.stringify({ 'ReactServerAgent.cache': { dataCache: { '/stingray/api/gis': entry } } })};</script></body></html>`;
    const ctx = context(() => ({ body: page, headers: HTML }));
    const result = await fetchSearch({ url: 'https://www.redfin.com/city/30818/TX/Austin', tld: 'com' }, ctx);
    expect(ctx.urls()).toHaveLength(1);
    expect(result.items).toHaveLength(25);
    expect(result.items[24]?.price).toBeNull();
    // A full page of num_homes=25: there may be more.
    expect(result.pagination).toEqual({ cursor: '2', hasMore: true });
  });

  it('gis_search_seattle_payload.json: 89 homes, each sellerName from its listingBroker.name', async () => {
    const recorded = new URL(requestUrl('gis_search_seattle_payload.json'));
    const homes = JSON.parse(text('gis_search_seattle_payload.json')) as { listingBroker: { name: string }; brokerName?: unknown }[];
    // The file keeps only payload.homes: wrap it as the gis answer it came from.
    const body = '{}&&' + JSON.stringify({ version: 660, errorMessage: 'Success', resultCode: 0, payload: { homes } });
    const ctx = context((_request, target) =>
      target.pathname === '/stingray/api/gis'
        ? { body }
        : target.pathname === '/city/16163/WA/Seattle'
          ? { body: shell, headers: HTML }
          : undefined,
    );
    const result = await fetchSearch({ url: 'https://www.redfin.com/city/16163/WA/Seattle', tld: 'com' }, ctx);

    const asked = new URL(ctx.urls()[1]!);
    for (const name of ['al', 'ord', 'page_number', 'region_id', 'region_type', 'status', 'v'])
      expect(asked.searchParams.get(name)).toBe(recorded.searchParams.get(name));
    const items = result.items.map((item) => searchResultItemSchema.parse(item));
    expect(items).toHaveLength(89);
    expect(items.map((item) => item.position)).toEqual(Array.from({ length: 89 }, (_, index) => index + 1));
    expect(items[0]).toMatchObject({
      id: '46456',
      price: 360000,
      currency: 'USD',
      availability: 'in_stock',
      sellerName: 'Redfin',
      url: 'https://www.redfin.com/WA/Seattle/506-E-Howell-St-98122/unit-W303/home/46456',
      title: '506 E Howell St Unit W303, Seattle, WA 98122',
    });
    expect(homes.some((home) => 'brokerName' in home)).toBe(false);
    expect(items.map((item) => item.sellerName)).toEqual(homes.map((home) => home.listingBroker.name));
    expect(items.every((item) => typeof item.sellerName === 'string' && item.sellerName.length > 0)).toBe(true);
    expect(items.every((item) => item.price !== null && item.price >= 235000 && item.price <= 5950000)).toBe(true);
    expect(items.every((item) => item.availability === 'in_stock')).toBe(true);
    expect(result.raw).toMatchObject({ via: 'stingray' });
  });

  it('rentals_search_portland.json: a rentals search through the rentals API, starting prices', async () => {
    const recorded = new URL(requestUrl('rentals_search_portland.json'));
    const searchUrl = 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent/filter/min-beds=2,min-baths=2';
    const ctx = context((_request, target) =>
      target.pathname === '/stingray/api/v1/search/rentals'
        ? { body: text('rentals_search_portland.json') }
        : target.pathname.startsWith('/city/')
          ? { body: shell, headers: HTML }
          : undefined,
    );
    const result = await fetchSearch({ url: searchUrl, tld: 'com' }, ctx);

    const asked = new URL(ctx.urls()[1]!);
    const expectedQuery = new URLSearchParams(recorded.searchParams);
    expectedQuery.delete('market');
    // The recorded query carries page_number only; the gateway adds the consistent start offset too.
    expectedQuery.set('start', '0');
    expect(Object.fromEntries(asked.searchParams)).toEqual(Object.fromEntries(expectedQuery));
    const body = rentals();
    expect(result.items).toHaveLength(body.homes.length);
    expect(result.items.map((item) => item.price)).toEqual(body.homes.map((home) => home.rentalExtension.rentPriceRange.min));
    const buildings = result.items.filter((_item, index) => body.homes[index]!.rentalExtension.propertyName);
    expect(buildings.map((item) => [item.title, item.price])).toEqual([
      ['Elevation at Mountain Park', 2091],
      ['Hunt Club', 1749],
      ['Mercato Grove', 2900],
      ['Willamette Tower', 3471],
    ]);
    expect(result.items.every((item) => item.currency === 'USD')).toBe(true);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(result.raw).toMatchObject({ via: 'rentals-api' });
  });

  it('rental_detail.html: amenities and rent history from the dataCache, card from the rentals API', async () => {
    const url = requestUrl('rental_detail.html');
    const card = { homes: rentals().homes.filter((home) => home.homeData.propertyId === '26588083') };
    const ctx = context((_request, target) =>
      target.pathname === '/stingray/api/v1/rentals/homecards'
        ? { body: JSON.stringify(card) }
        : target.pathname === new URL(url).pathname
          ? { body: text('rental_detail.html'), headers: HTML }
          : undefined,
    );
    const result = await fetchForRent({ url, tld: 'com' }, ctx);

    expect(ctx.urls()).toEqual([url, 'https://www.redfin.com/stingray/api/v1/rentals/homecards?propertyIds=26588083']);
    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      id: '26588083',
      listingType: 'rent',
      status: 'active',
      price: 2850,
      currency: 'USD',
      priceQualifier: 'per month',
      beds: 3,
      baths: 2,
      area: 1430,
    });
    expect(listing.description).toMatch(/^This beautifully refreshed Mid-Century home/);
    expect(listing.amenities['Unit amenities']).toBe(
      'Dishwasher, Patio, Washer & Dryer In Unit, Hardwood Flooring, Vaulted Ceilings, Air Conditioning, Microwave, Refrigerator',
    );
    expect(listing.amenities['Community amenities']).toBe('Door Attendant, Extra Storage, Pet Friendly');
    expect(listing.priceHistory).toEqual([
      { date: '2026-09-26T13:02:43.817Z', event: 'Listed for Rent', price: 2850, currency: 'USD', source: 'rentalsource' },
      { date: '2026-09-25T16:23:26.827Z', event: 'Rental Removed', price: 2850, currency: 'USD', source: 'RentEngineListings' },
      { date: '2026-09-25T12:46:43.046Z', event: 'Listed for Rent', price: 2850, currency: 'USD', source: 'RentEngineListings' },
    ]);
    expect(listing.listedAt).toBe('2026-09-26T13:02:43.817Z');
    expect(result.raw).toMatchObject({
      via: 'rentals-api',
      rentalId: 'a9fda127-1ff5-4b66-89bd-1875fe0e726e',
      sections: { amenities: 'page-cache', about: 'page-cache', belowTheFold: 'page-cache' },
    });
  });

  it('rental_detail.html: when the rental card cannot be fetched, a partial listing with a warning (price null)', async () => {
    const url = requestUrl('rental_detail.html');
    const ctx = context((_request, target) =>
      target.pathname === '/stingray/api/v1/rentals/homecards'
        ? { status: 500, body: '' }
        : target.pathname === new URL(url).pathname
          ? { body: text('rental_detail.html'), headers: HTML }
          : undefined,
    );
    const result = await fetchForRent({ url, tld: 'com' }, ctx);

    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      id: '26588083',
      listingType: 'rent',
      price: null,
      priceQualifier: null,
      currency: 'USD',
      address: { formatted: null },
    });
    expect(listing.description).toMatch(/^This beautifully refreshed Mid-Century home/);
    expect(listing.amenities['Community amenities']).toBe('Door Attendant, Extra Storage, Pet Friendly');
    expect(listing.priceHistory).toHaveLength(3);
    expect(result.warnings).toEqual(['rental card unavailable: price, address, coordinates and status unknown']);
    expect(result.raw).toMatchObject({
      via: 'page-cache',
      rentalId: 'a9fda127-1ff5-4b66-89bd-1875fe0e726e',
      missing: { homecards: 'HTTP 500' },
    });
  });

  it('rental_detail.html: the page text names its rental id (JSON-escaped inside a cached body), read without the dataCache', () => {
    const html = text('rental_detail.html');
    // The cache keys name the id too; without them only the escaped "rentalId" of the about body is left.
    const withoutCacheKeys = html.replace(/"\/stingray\/api\/v1\/rentals\/[^"]*"/g, '"x"');
    expect(withoutCacheKeys).not.toContain('/rentals/a9fda127');
    expect(rentalIdInText(withoutCacheKeys)).toBe('a9fda127-1ff5-4b66-89bd-1875fe0e726e');
    expect(rentalIdInText(html)).toBe('a9fda127-1ff5-4b66-89bd-1875fe0e726e');
  });

  describe.each([
    {
      file: 'rental_floorplans_seattle_1.json',
      totals: { totalUnitTypes: 37, availableUnitTypes: 32, unavailableUnitTypes: 5, totalUnits: 77, upcomingUnits: 0 },
      byBedroom: { available: { Studio: 3, '1 Bed': 19, '2 Bed': 10 }, unavailable: { Studio: 1, '1 Bed': 3, '2 Bed': 1 } },
      first: {
        name: 'Studio A',
        available: true,
        bedrooms: 0,
        baths: 1,
        rent: { min: 2385, max: 2416 },
        sqft: { min: 525, max: 525 },
        listedUnits: 3,
      },
      rent: { min: 2225, max: 4850 },
      top: 'Townhome 2 Bedrooms',
      sqft: { min: 456, max: 1400 },
      beds: { min: 0, max: 2 },
      baths: { min: 1, max: 2 },
    },
    {
      file: 'rental_floorplans_seattle_3.json',
      totals: { totalUnitTypes: 82, availableUnitTypes: 30, unavailableUnitTypes: 52, totalUnits: 59, upcomingUnits: 16 },
      byBedroom: { available: { '1 Bed': 12, '2 Bed': 10, '3 Bed': 8 }, unavailable: { '1 Bed': 25, '2 Bed': 18, '3 Bed': 9 } },
      first: {
        name: 'Fairview C2',
        available: true,
        bedrooms: 1,
        baths: 1,
        rent: { min: 3746, max: 3866 },
        sqft: { min: 707, max: 707 },
        listedUnits: 2,
      },
      rent: { min: 2692, max: 23209 },
      top: 'Boren PH2',
      sqft: { min: 538, max: 2669 },
      beds: { min: 1, max: 3 },
      baths: { min: 1, max: 4 },
    },
  ])("$file: a building's floor plans", (sample) => {
    const recorded = () => requestUrl(sample.file);
    const body = () => JSON.parse(text(sample.file)) as { rentalId: string };
    const buildingUrl = 'https://www.redfin.com/WA/Seattle/Sample-Building/apartment/90000077';
    const expectPlans = (result: Awaited<ReturnType<typeof fetchForRent>>) => {
      const listing = propertyListingSchema.parse(result.data);
      // The lowest rent of the available unit types, as a building's starting rent.
      expect(listing).toMatchObject({
        price: sample.rent.min,
        currency: 'USD',
        priceQualifier: 'starting at, per month',
        beds: null,
        baths: null,
        area: null,
      });
      // The body holds photo position ranges only: no floor-plan image is invented.
      expect(listing.floorPlanUrls).toEqual([]);
      const range = (result.raw as { unitRange: UnitRange }).unitRange;
      // No card ranges in these pages: beds, baths, area and rent ranges all come from the available plans.
      expect(range).toMatchObject({ ...sample.totals, rent: sample.rent, sqft: sample.sqft, beds: sample.beds, baths: sample.baths });
      expect(range.availableUnitTypesByBedroom).toEqual(sample.byBedroom.available);
      expect(range.unavailableUnitTypesByBedroom).toEqual(sample.byBedroom.unavailable);
      expect(range.unitTypes).toHaveLength(sample.totals.totalUnitTypes);
      expect(range.unitTypes[0]).toMatchObject(sample.first);
      const top = range.unitTypes.find((type) => type.available && (type.rent as { max: number } | null)?.max === sample.rent.max);
      expect(top?.name).toBe(sample.top);
      return range;
    };

    it('embedded in the page: read without a request, although the card request fails', async () => {
      const { rentalId } = body();
      const page = redfinPage({ cache: [{ key: `/stingray/api/v1/rentals/${rentalId}/floorPlans?`, body: body(), bare: true }] });
      const ctx = context((_request, target) =>
        target.pathname === '/stingray/api/v1/rentals/homecards'
          ? { status: 500, body: '' }
          : target.pathname.startsWith('/stingray/')
            ? { status: 404, body: '' }
            : { body: page, headers: HTML },
      );
      const result = await fetchForRent({ url: buildingUrl, tld: 'com' }, ctx);

      expect(ctx.urls().some((asked) => asked.endsWith('/floorPlans'))).toBe(false);
      expectPlans(result);
      expect(result.raw).toMatchObject({ rentalId, multiUnit: true, sections: { floorPlans: 'page-cache' } });
      expect(result.warnings).toEqual(['rental card unavailable: address, coordinates and status unknown']);
    });

    it('asked from the rentals API at the recorded URL when the page lacks it', async () => {
      const { rentalId } = body();
      const card = {
        homes: [
          {
            homeData: { propertyId: '90000077', url: '/WA/Seattle/Sample-Building/apartment/90000077' },
            rentalExtension: { rentalId, propertyName: 'Sample Building' },
          },
        ],
      };
      const page = redfinPage({ cache: [{ key: '/stingray/api/v1/rentals/homecards?propertyIds=90000077', body: card, bare: true }] });
      const ctx = context((_request, target) =>
        target.pathname === new URL(recorded()).pathname
          ? { body: text(sample.file) }
          : target.pathname.startsWith('/stingray/')
            ? { status: 404, body: '' }
            : { body: page, headers: HTML },
      );
      const result = await fetchForRent({ url: buildingUrl, tld: 'com' }, ctx);

      expect(ctx.urls()).toContain(recorded());
      expectPlans(result);
      expect(result.raw).toMatchObject({ sections: { homecards: 'page-cache', floorPlans: 'rentals-api' } });
      expect(result.warnings).toBeUndefined();
    });
  });

  it('for_sale_ca_3662_oak_head_only.html: no dataCache, so JSON-LD in CAD with the unreadable fields empty', async () => {
    const url = requestUrl('for_sale_ca_3662_oak_head_only.html');
    const ctx = context((_request, target) =>
      target.pathname.startsWith('/stingray/')
        ? { status: 404, body: '' }
        : target.pathname === new URL(url).pathname
          ? { body: text('for_sale_ca_3662_oak_head_only.html'), headers: HTML }
          : undefined,
    );
    const result = await fetchForSale({ url, tld: 'ca' }, ctx);

    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      id: '155902332',
      listingType: 'sale',
      status: 'active',
      price: 2298000,
      currency: 'CAD',
      beds: 5,
      baths: 4,
      area: 2718,
      areaUnit: 'sqft',
      yearBuilt: 1921,
      propertyType: 'Single Family Residential',
      address: { line1: '3662 Oak St', city: 'Vancouver', region: 'BC', postalCode: 'V6H 2M2', country: 'CA' },
      latitude: 49.2530055,
      longitude: -123.1270233,
      lotArea: null,
      agentName: null,
      brokerageName: null,
      listedAt: '2026-02-13T00:04:12.816Z',
    });
    expect(listing.imageUrls).toHaveLength(37);
    expect(listing.floorPlanUrls).toEqual([]);
    expect(listing.priceHistory).toEqual([]);
    expect(listing.schools).toEqual([]);
    expect(listing.description).not.toContain('&amp;');
    expect(result.raw).toMatchObject({ via: 'json-ld' });
  });

  it('replays every sample of the manifest', () => {
    const replayed = new Set([
      'for_sale_ca_829_e14th.html',
      'gis_search_austin.txt',
      'gis_search_seattle_payload.json',
      'rentals_search_portland.json',
      'rental_detail.html',
      'rental_floorplans_seattle_1.json',
      'rental_floorplans_seattle_3.json',
      'for_sale_ca_3662_oak_head_only.html',
    ]);
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([...replayed].sort());
  });
});
