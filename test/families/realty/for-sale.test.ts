import { describe, expect, it } from 'vitest';
import { propertyListingSchema } from '../../../src/families/realty/model.js';
import { fetchForSale } from '../../../src/families/realty/fetch/for-sale.js';
import { HTML, redfinPage } from './fixtures/page-builder.js';
import { fixtures, salePage } from './fixtures/pages.js';
import { FETCHED_AT, stubContext } from './harness.js';

describe('GET /v1/realty/for-sale', () => {
  it('reads a single-family home (com) from the page cache with one request', async () => {
    const data = fixtures.saleCom();
    const ctx = stubContext((_request, url) =>
      url.pathname.endsWith('/home/90000001') ? { body: salePage(data), headers: HTML } : undefined,
    );
    const result = await fetchForSale({ url: data.url, tld: 'com' }, ctx);

    expect(ctx.urls()).toEqual(['https://www.redfin.com/TX/Austin/1204-Juniper-Hollow-Ln-78745/home/90000001']);
    const listing = propertyListingSchema.parse(result.data);
    expect(listing).toMatchObject({
      platform: 'redfin',
      id: '90000001',
      url: data.url,
      listingType: 'sale',
      status: 'active',
      price: 615000,
      currency: 'USD',
      priceQualifier: null,
      pricePerArea: 334,
      address: {
        line1: '1204 Juniper Hollow Ln',
        unit: null,
        city: 'Austin',
        region: 'TX',
        postalCode: '78745',
        country: 'US',
        formatted: '1204 Juniper Hollow Ln, Austin, TX 78745',
      },
      latitude: 30.2101,
      longitude: -97.7902,
      beds: 3,
      baths: 2.5,
      receptions: null,
      area: 1840,
      areaUnit: 'sqft',
      lotArea: 7405,
      lotAreaUnit: 'sqft',
      propertyType: 'Single Family Residential',
      yearBuilt: 1998,
      description: 'Shaded lot & a screened porch near the greenbelt.',
      agentName: 'Dana Whitfield',
      agentPhone: '512-555-0142',
      brokerageName: 'Hill Country Homes Realty',
      listedAt: '2025-09-04T15:33:20.000Z',
      updatedAt: '2025-10-09T08:53:20.000Z',
      fetchedAt: FETCHED_AT,
    });
    expect(listing.imageUrls).toHaveLength(3);
    expect(listing.floorPlanUrls).toEqual(['https://ssl.cdn-redfin.com/photo/92/bigphoto/101/7000101_2_0.jpg']);
    // The "—" placeholder is no value, and entities are decoded.
    expect(listing.amenities).toEqual({
      'Garage Spaces': '2',
      'Parking Features': 'Attached, Door-Single',
      Appliances: 'Dishwasher, Gas Range',
    });
    expect(listing.schools).toEqual([
      {
        name: 'Cedar Bend Elementary School',
        grades: 'PK-5',
        distance: 0.6,
        distanceUnit: 'mi',
        rating: 7,
        type: 'Public',
        url: 'https://www.redfin.com/TX/school/cedar-bend-elementary-school/900001',
      },
      {
        name: 'Oak Ridge Middle School',
        grades: '6-8',
        distance: 1.9,
        distanceUnit: 'mi',
        rating: null,
        type: 'Public',
        url: 'https://www.redfin.com/TX/school/oak-ridge-middle-school/900002',
      },
    ]);
    // Rental events (historyEventType 3) are not part of a sale listing's history; eventDate is epoch ms.
    expect(listing.priceHistory).toEqual([
      { date: '2025-09-27T19:06:40.000Z', event: 'Price Changed', price: 615000, currency: 'USD', source: 'ACTRIS' },
      { date: '2025-09-04T15:33:20.000Z', event: 'Listed', price: 640000, currency: 'USD', source: 'ACTRIS' },
      { date: '2007-05-24T09:46:40.000Z', event: 'Sold (Public Records)', price: 305000, currency: 'USD', source: 'Public Records' },
    ]);
    expect(result.raw).toMatchObject({
      via: 'page-cache',
      sections: {
        initialInfo: 'page-cache',
        aboveTheFold: 'page-cache',
        mainHouseInfo: 'page-cache',
        belowTheFold: 'page-cache',
        photoTags: 'page-cache',
      },
    });
  });

  it('reads a condo unit with its unit and a pending status', async () => {
    const data = fixtures.condo();
    const ctx = stubContext(() => ({ body: salePage(data), headers: HTML }));
    const { data: listing } = await fetchForSale({ url: data.url, tld: 'com' }, ctx);
    expect(listing).toMatchObject({
      id: '90000002',
      status: 'pending',
      price: 729000,
      address: {
        line1: '77 Harbor View Dr #1504',
        unit: '#1504',
        city: 'Seattle',
        region: 'WA',
        postalCode: '98101',
        formatted: '77 Harbor View Dr #1504, Seattle, WA 98101',
      },
      beds: 2,
      baths: 2,
      area: 905,
      lotArea: null,
      lotAreaUnit: null,
      propertyType: 'Condo',
      description: null,
      imageUrls: [],
      agentName: 'Priya Nandakumar',
      agentPhone: null,
      brokerageName: 'Sound Urban Brokers',
      amenities: { 'HOA Dues': '$612/mo', 'Property Type': 'Condo' },
      schools: [],
    });
    // An event without a price keeps price and currency null.
    expect(listing?.priceHistory[0]).toEqual({
      date: '2025-10-15T03:46:40.000Z',
      event: 'Pending',
      price: null,
      currency: null,
      source: 'NWMLS',
    });
  });

  it('reads a sold home with its sold-price label, asking stingray only for what the page lacks', async () => {
    const data = fixtures.sold();
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: salePage(data), headers: HTML },
    );
    const sold = await fetchForSale({ url: data.url, tld: 'com' }, ctx);
    expect(sold.data).toMatchObject({
      status: 'sold',
      price: 842500,
      priceQualifier: 'Sold Price',
      listedAt: '2025-07-31T22:13:20.000Z',
      agentName: null,
      description: null,
    });
    expect(sold.data?.priceHistory.map((event) => event.event)).toEqual(['Sold (MLS)', 'Listed']);
    // No listing id on the page, so initialInfo is asked first; mainHouseInfoPanelInfo is the missing section.
    expect(ctx.urls()).toEqual([
      'https://www.redfin.com/CO/Denver/3150-W-Birch-Ct-80211/home/90000003',
      'https://www.redfin.com/stingray/api/home/details/initialInfo?path=%2FCO%2FDenver%2F3150-W-Birch-Ct-80211%2Fhome%2F90000003',
      'https://www.redfin.com/stingray/api/home/details/mainHouseInfoPanelInfo?propertyId=90000003&accessLevel=1&pageType=1',
    ]);
    expect(sold.raw).toMatchObject({ via: 'page-cache', sections: { aboveTheFold: 'page-cache', belowTheFold: 'page-cache' } });
  });

  it('maps an off-market home', async () => {
    const data = fixtures.saleCom();
    (data.aboveTheFold as { addressSectionInfo: { status: unknown } }).addressSectionInfo.status = { displayValue: 'Off Market' };
    const ctx = stubContext(() => ({ body: salePage(data), headers: HTML }));
    expect((await fetchForSale({ url: data.url, tld: 'com' }, ctx)).data?.status).toBe('off_market');
  });

  it('prices a redfin.ca home in CAD although its JSON-LD says USD', async () => {
    const data = fixtures.saleCa();
    const ctx = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: salePage(data), headers: HTML },
    );
    const result = await fetchForSale({ url: data.url, tld: 'ca' }, ctx);
    expect(result.data).toMatchObject({
      currency: 'CAD',
      price: 1489000,
      address: { region: 'ON', postalCode: 'M4M 2Z9', country: 'CA' },
      yearBuilt: 1925,
    });
    expect(ctx.urls().every((url) => url.startsWith('https://www.redfin.ca/'))).toBe(true);
    expect(ctx.urls()[0]).toBe('https://www.redfin.ca/on/toronto/48-Larchmount-Cres-M4M-2Z9/home/90000004');

    // The same page read through JSON-LD only still takes the market's currency.
    const ctx2 = stubContext((_request, url) =>
      url.pathname.startsWith('/stingray/') ? { status: 404, body: '' } : { body: salePage(data, { cache: false }), headers: HTML },
    );
    const fromJsonLd = await fetchForSale({ url: data.url, tld: 'ca', country_code: 'ca' }, ctx2);
    expect(fromJsonLd.data).toMatchObject({ currency: 'CAD', price: 1489000, status: 'active', area: 1650, areaUnit: 'sqft' });
    expect(fromJsonLd.raw).toMatchObject({ via: 'json-ld' });
  });

  it('answers an empty not_found result for a listing page Redfin answers 404', async () => {
    const data = fixtures.saleCom();
    const ctx = stubContext(() => ({ status: 404, body: '<html><title>Page not found</title></html>', headers: HTML }));
    const result = await fetchForSale({ url: data.url, tld: 'com' }, ctx);
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
    expect(ctx.urls()).toEqual([data.url]);
  });

  it('answers not_found when initialInfo says the property does not exist', async () => {
    const page = redfinPage({ cache: [{ key: '/stingray/api/home/details/initialInfo', body: { responseCode: 404 } }] });
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchForSale({ url: 'https://www.redfin.com/TX/Austin/1-Nowhere-Ln-78701/home/123', tld: 'com' }, ctx);
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
    expect(ctx.urls()).toHaveLength(1);
  });
});
