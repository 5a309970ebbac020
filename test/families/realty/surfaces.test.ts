import { describe, expect, it } from 'vitest';
import { fetchForRent } from '../../../src/families/realty/fetch/for-rent.js';
import { fetchForSale } from '../../../src/families/realty/fetch/for-sale.js';
import { HTML, redfinPage, stingrayText } from './fixtures/page-builder.js';
import { fixtures, rentalPage, salePage } from './fixtures/pages.js';
import { stubContext } from './harness.js';

const SALE_URL = 'https://www.redfin.com/TX/Austin/1204-Juniper-Hollow-Ln-78745/home/90000001';
const STINGRAY = 'https://www.redfin.com/stingray/api/home/details';

describe('surface fallback of a for-sale listing: page cache, then stingray, then JSON-LD', () => {
  it('uses the page cache when the page embeds the answers (raw.via page-cache)', async () => {
    const data = fixtures.saleCom();
    const ctx = stubContext(() => ({ body: salePage(data), headers: HTML }));
    const result = await fetchForSale({ url: SALE_URL, tld: 'com' }, ctx);
    expect(result.raw).toMatchObject({ via: 'page-cache' });
    expect(ctx.urls()).toEqual([SALE_URL]);
  });

  it('asks stingray for every answer the page lacks (raw.via stingray)', async () => {
    const data = fixtures.saleCom();
    const answers: Record<string, unknown> = {
      '/stingray/api/home/details/initialInfo': data.initialInfo,
      '/stingray/api/home/details/aboveTheFold': data.aboveTheFold,
      '/stingray/api/home/details/mainHouseInfoPanelInfo': data.mainHouseInfoPanelInfo,
      '/stingray/api/home/details/belowTheFold': data.belowTheFold,
    };
    const page = salePage(data, { omit: ['initialInfo', 'aboveTheFold', 'mainHouseInfoPanelInfo', 'belowTheFold', 'photoTags'] });
    const ctx = stubContext((_request, url) =>
      url.pathname in answers ? { body: stingrayText(answers[url.pathname]) } : { body: page, headers: HTML },
    );
    const result = await fetchForSale({ url: SALE_URL, tld: 'com' }, ctx);

    expect(result.data).toMatchObject({ price: 615000, beds: 3, agentName: 'Dana Whitfield', floorPlanUrls: [] });
    expect(result.data?.priceHistory).toHaveLength(3);
    expect(result.raw).toMatchObject({
      via: 'stingray',
      sections: { initialInfo: 'stingray', aboveTheFold: 'stingray', mainHouseInfo: 'stingray', belowTheFold: 'stingray' },
    });
    expect(ctx.urls().slice(0, 3)).toEqual([
      SALE_URL,
      `${STINGRAY}/initialInfo?path=%2FTX%2FAustin%2F1204-Juniper-Hollow-Ln-78745%2Fhome%2F90000001`,
      `${STINGRAY}/aboveTheFold?propertyId=90000001&accessLevel=1&listingId=190000001&pageType=1`,
    ]);
    expect(ctx.urls().slice(3).sort()).toEqual([
      `${STINGRAY}/belowTheFold?propertyId=90000001&accessLevel=1&listingId=190000001&pageType=1`,
      `${STINGRAY}/mainHouseInfoPanelInfo?propertyId=90000001&accessLevel=1&listingId=190000001&pageType=1`,
    ]);
  });

  it('mixes surfaces per section: the page answer where present, stingray for the rest', async () => {
    const data = fixtures.saleCom();
    const page = salePage(data, { omit: ['belowTheFold'] });
    const ctx = stubContext((_request, url) =>
      url.pathname.endsWith('/belowTheFold') ? { body: stingrayText(data.belowTheFold) } : { body: page, headers: HTML },
    );
    const result = await fetchForSale({ url: SALE_URL, tld: 'com' }, ctx);
    expect(result.raw).toMatchObject({ via: 'stingray', sections: { aboveTheFold: 'page-cache', belowTheFold: 'stingray' } });
    // The listing id comes from the page's own requests, so initialInfo is not asked.
    expect(ctx.urls()).toEqual([SALE_URL, `${STINGRAY}/belowTheFold?propertyId=90000001&accessLevel=1&listingId=190000001&pageType=1`]);
  });

  it('falls back to JSON-LD when neither the page nor stingray has the home details (raw.via json-ld)', async () => {
    const data = fixtures.saleCom();
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '{}' } : { body: salePage(data, { cache: false }), headers: HTML },
    );
    const result = await fetchForSale({ url: SALE_URL, tld: 'com' }, ctx);
    expect(result.data).toMatchObject({
      id: '90000001',
      status: 'active',
      price: 615000,
      currency: 'USD',
      address: { line1: '1204 Juniper Hollow Ln', city: 'Austin', region: 'TX', postalCode: '78745', country: 'US' },
      beds: 3,
      baths: 2.5,
      area: 1840,
      areaUnit: 'sqft',
      yearBuilt: 1998,
      propertyType: 'Single Family Residential',
      description: 'Shaded lot & a screened porch near the greenbelt.',
      amenities: { Garage: '2 spaces' },
      listedAt: '2025-09-04T15:00:00.000Z',
      priceHistory: [],
      schools: [],
    });
    expect(result.data?.imageUrls).toHaveLength(2);
    expect(result.raw).toMatchObject({ via: 'json-ld' });
    expect(ctx.urls()).toEqual([
      SALE_URL,
      `${STINGRAY}/initialInfo?path=%2FTX%2FAustin%2F1204-Juniper-Hollow-Ln-78745%2Fhome%2F90000001`,
      `${STINGRAY}/aboveTheFold?propertyId=90000001&accessLevel=1&pageType=1`,
    ]);
  });

  it('treats an error envelope (resultCode ≠ 0) like a missing answer', async () => {
    const data = fixtures.saleCom();
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { body: stingrayText(null, 1) } : { body: salePage(data, { cache: false }), headers: HTML },
    );
    const result = await fetchForSale({ url: SALE_URL, tld: 'com' }, ctx);
    expect(result.raw).toMatchObject({ via: 'json-ld' });
  });
});

describe('surface fallback of a rental', () => {
  const data = fixtures.rentalBuilding();
  const rentalId = data.rentalId as string;

  it('asks the rentals API for the card, floor plans, amenities and about the page lacks (raw.via rentals-api)', async () => {
    const api: Record<string, unknown> = {
      '/stingray/api/v1/rentals/homecards': data.homecards,
      [`/stingray/api/v1/rentals/${rentalId}/floorPlans`]: data.floorPlans,
      [`/stingray/api/v1/rentals/${rentalId}/amenities`]: data.amenities,
      [`/stingray/api/v1/rentals/${rentalId}/about`]: data.about,
    };
    const page = rentalPage(data, ['homecards', 'floorPlans', 'amenities', 'about']);
    const ctx = stubContext((_request, url) =>
      url.pathname in api ? { body: JSON.stringify(api[url.pathname]) } : { body: page, headers: HTML },
    );
    const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);

    expect(result.data).toMatchObject({
      price: 1450,
      priceQualifier: 'starting at, per month',
      brokerageName: 'Willamette Residential Management',
    });
    expect(result.raw).toMatchObject({
      via: 'rentals-api',
      sections: {
        homecards: 'rentals-api',
        floorPlans: 'rentals-api',
        amenities: 'rentals-api',
        about: 'rentals-api',
        belowTheFold: 'page-cache',
      },
    });
    expect(ctx.urls()[1]).toBe('https://www.redfin.com/stingray/api/v1/rentals/homecards?propertyIds=90000010');
    expect(ctx.urls().slice(2).sort()).toEqual([
      `https://www.redfin.com/stingray/api/v1/rentals/${rentalId}/about`,
      `https://www.redfin.com/stingray/api/v1/rentals/${rentalId}/amenities`,
      `https://www.redfin.com/stingray/api/v1/rentals/${rentalId}/floorPlans`,
    ]);
  });

  it('falls back to JSON-LD when there is no rental card anywhere', async () => {
    const page = redfinPage({
      jsonLd: [
        {
          '@type': 'ApartmentComplex',
          name: 'Alder Commons',
          url: data.url,
          address: { streetAddress: '1500 SW Alder St', addressLocality: 'Portland', addressRegion: 'OR', postalCode: '97205' },
        },
        {
          '@type': 'Product',
          name: 'Alder Commons',
          url: data.url,
          offers: { '@type': 'AggregateOffer', lowPrice: 1450, highPrice: 2995, priceCurrency: 'USD' },
        },
      ],
    });
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: page, headers: HTML },
    );
    const result = await fetchForRent({ url: data.url, tld: 'com' }, ctx);
    expect(result.data).toMatchObject({
      listingType: 'rent',
      price: 1450,
      priceQualifier: 'starting at, per month',
      address: { line1: '1500 SW Alder St', city: 'Portland' },
    });
    expect(result.raw).toMatchObject({ via: 'json-ld' });
    expect(ctx.urls()).toEqual([data.url, 'https://www.redfin.com/stingray/api/v1/rentals/homecards?propertyIds=90000010']);
  });
});
