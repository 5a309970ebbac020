import { describe, expect, it } from 'vitest';
import { searchResultItemSchema } from '../../../src/families/realty/model.js';
import { fetchSearch } from '../../../src/families/realty/fetch/search.js';
import { HTML, redfinPage, stingrayText } from './fixtures/page-builder.js';
import { fixtures } from './fixtures/pages.js';
import { FETCHED_AT, gatewayError, stubContext } from './harness.js';
import { checkedSearchParams } from '../../../src/families/realty/checked-params.js';
import { gisItem } from '../../../src/families/realty/search/result-items.js';
import { gisHomeSchema } from '../../../src/families/realty/search/search-schemas.js';
import { MARKETS } from '../../../src/families/realty/market.js';

const CITY = 'https://www.redfin.com/city/30818/TX/Austin';
const gisQuery = { al: 1, num_homes: 40, ord: 'redfin-recommended-asc', page_number: 1, region_id: 30818, region_type: 6, status: 9, v: 8 };

function cityPage(body: unknown, options: { nextPage?: number; query?: Record<string, string | number> } = {}): string {
  return redfinPage({
    cache: [{ key: '/stingray/api/gis', queryParams: options.query ?? gisQuery, body }],
    bodyHtml: options.nextPage ? `<a href="/city/30818/TX/Austin/page-${options.nextPage}">Next</a>` : '',
  });
}

describe('GET /v1/realty/search', () => {
  it('reads a city search from the gis answer the page embeds, in served order', async () => {
    const ctx = stubContext(() => ({ body: cityPage(fixtures.gis(), { nextPage: 2 }), headers: HTML }));
    const result = await fetchSearch({ url: CITY, tld: 'com' }, ctx);

    expect(ctx.urls()).toEqual([CITY]);
    const items = result.items.map((item) => searchResultItemSchema.parse(item));
    expect(items.map((item) => item.position)).toEqual([1, 2, 3, 4]);
    expect(items[0]).toEqual({
      platform: 'redfin',
      position: 1,
      id: '90000021',
      title: '612 Pecan Grove Rd, Austin, TX 78752',
      url: 'https://www.redfin.com/TX/Austin/612-Pecan-Grove-Rd-78752/home/90000021',
      thumbnailUrl: null,
      price: 455000,
      currency: 'USD',
      listPrice: null,
      rating: null,
      reviewCount: null,
      // The listing brokerage, from listingBroker.name as recorded gis homes carry it.
      sellerName: 'Pecan Grove Realty',
      availability: 'in_stock',
      badges: ['New'],
      isSponsored: null,
      fetchedAt: FETCHED_AT,
    });
    // Coming Soon: no price yet ({level} without value), available later.
    expect(items[1]).toMatchObject({
      sellerName: null,
      price: null,
      currency: 'USD',
      availability: 'preorder',
      badges: ['EARLY ACCESS', 'COMING SOON'],
    });
    // Labelled sponsored; under contract is no longer available.
    expect(items[2]).toMatchObject({ availability: 'out_of_stock', isSponsored: true });
    expect(items[3]).toMatchObject({ availability: 'out_of_stock', isSponsored: null });
    expect(result.pagination).toEqual({ cursor: '2', hasMore: true });
    expect(result.raw).toMatchObject({ via: 'page-cache', page: 1 });
  });

  it('names the seller from listingBroker.name, else from a brokerName key, else null', () => {
    const context = { market: MARKETS.com, fetchedAt: FETCHED_AT };
    const item = (home: Record<string, unknown>) => gisItem(gisHomeSchema.parse(home), 1, context).sellerName;
    expect(item({ listingBroker: { name: 'Harbor Lane Realty', isRedfin: false } })).toBe('Harbor Lane Realty');
    expect(item({ brokerName: 'Old Spelling Realty' })).toBe('Old Spelling Realty');
    expect(item({ listingBroker: { name: 'Harbor Lane Realty' }, brokerName: 'Old Spelling Realty' })).toBe('Harbor Lane Realty');
    // sellingBroker is the buyer's side (recorded with isRedfin only) and the agent is not the seller.
    expect(item({ sellingBroker: { isRedfin: true }, listingAgent: { name: 'Dana Whitfield' } })).toBeNull();
    expect(item({ listingBroker: { isRedfin: true } })).toBeNull();
  });

  it('pages through the cursor: …/page-N, positions restart at 1, the next cursor follows', async () => {
    const ctx = stubContext(() => ({
      body: cityPage(fixtures.gis(), { nextPage: 3, query: { ...gisQuery, page_number: 2 } }),
      headers: HTML,
    }));
    const result = await fetchSearch({ url: CITY, tld: 'com', cursor: '2' }, ctx);
    expect(ctx.urls()).toEqual([`${CITY}/page-2`]);
    expect(result.items[0]?.position).toBe(1);
    expect(result.pagination).toEqual({ cursor: '3', hasMore: true });

    // A URL that already names a page is read from that page; the last page has no cursor.
    const last = stubContext(() => ({ body: cityPage(fixtures.gis()), headers: HTML }));
    const lastResult = await fetchSearch({ url: `${CITY}/page-3`, tld: 'com' }, last);
    expect(last.urls()).toEqual([`${CITY}/page-3`]);
    expect(lastResult.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('refuses a cursor that is not one of its page numbers, in the validation step', async () => {
    const ctx = stubContext(() => undefined);
    for (const cursor of ['0', 'abc', '2; drop', '-1']) {
      const error = await gatewayError(async () => checkedSearchParams({ url: CITY, tld: 'com', cursor }));
      expect(error).toMatchObject({ code: 'invalid_request', details: { param: 'cursor' } });
    }
    expect(ctx.urls()).toEqual([]);
  });

  it('reads a zip-code search with a filter through gis, with the region id the page used', async () => {
    const url = 'https://www.redfin.com/zipcode/78704/filter/property-type=house+condo,min-beds=2,max-price=900k';
    const page = redfinPage({
      cache: [{ key: '/stingray/api/region/shared-region-info', queryParams: { region_id: 37863, region_type: 2 }, body: {} }],
    });
    const ctx = stubContext((_request, target) =>
      target.pathname === '/stingray/api/gis' ? { body: stingrayText(fixtures.gis()) } : { body: page, headers: HTML },
    );
    const result = await fetchSearch({ url, tld: 'com' }, ctx);
    expect(ctx.urls()).toEqual([
      url,
      'https://www.redfin.com/stingray/api/gis?al=1&num_homes=40&ord=redfin-recommended-asc&page_number=1&region_id=37863&region_type=2&uipt=1%2C2&num_beds=2&max_price=900000&status=9&v=8',
    ]);
    expect(result.items).toHaveLength(4);
    expect(result.raw).toMatchObject({ via: 'stingray' });
  });

  it('reads a search whose filters the API cannot express from the page JSON-LD', async () => {
    const url = 'https://www.redfin.com/zipcode/78704/filter/include=sold-3mo';
    const page = redfinPage({ jsonLd: fixtures.searchJsonLd(), bodyHtml: '<a href="/zipcode/78704/filter/include=sold-3mo/page-2">2</a>' });
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchSearch({ url, tld: 'com' }, ctx);
    expect(ctx.urls()).toEqual([url]);
    expect(result.items).toEqual([
      expect.objectContaining({
        position: 1,
        id: '90000041',
        title: '318 Bluebonnet Ln, Austin, TX 78704',
        price: 799000,
        currency: 'USD',
        availability: 'in_stock',
        thumbnailUrl: 'https://ssl.cdn-redfin.com/photo/92/islphoto/241/genIslnoResize.7000241_0.jpg',
        isSponsored: null,
      }),
      expect.objectContaining({ position: 2, id: '90000042', price: 415000, availability: null }),
    ]);
    expect(result.pagination).toEqual({ cursor: '2', hasMore: true });
    expect(result.raw).toMatchObject({ via: 'json-ld' });
  });

  it('reads a rentals search from the rentals surface', async () => {
    const url = 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent';
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
    const ctx = stubContext(() => ({ body: page, headers: HTML }));
    const result = await fetchSearch({ url, tld: 'com' }, ctx);
    expect(result.items.map((item) => [item.position, item.title, item.price, item.availability, item.isSponsored])).toEqual([
      [1, 'Alder Commons', 1450, 'in_stock', true],
      [2, '2210 NE Fremont St, Portland, OR 97212', 2650, 'in_stock', false],
      // Rentals status 2 has no documented meaning: unknown; no paid flag: unlabelled.
      [3, '5120 SE Division St Unit 3, Portland, OR 97206', 1795, 'unknown', null],
    ]);
    expect(result.items[0]?.badges).toEqual(['6 WEEKS FREE']);
    // 7 matched homes, 3 on this page.
    expect(result.pagination).toEqual({ cursor: '2', hasMore: true });
    expect(result.raw).toMatchObject({ via: 'page-cache' });
  });

  it('asks the rentals API for a filtered rentals search the page does not embed', async () => {
    const url = 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent/filter/min-beds=2,min-baths=2';
    const page = redfinPage({ cache: [{ key: '/stingray/x', body: {} }] });
    const ctx = stubContext((_request, target) =>
      target.pathname === '/stingray/api/v1/search/rentals' ? { body: JSON.stringify(fixtures.rentals()) } : { body: page, headers: HTML },
    );
    const result = await fetchSearch({ url, tld: 'com', cursor: '2' }, ctx);
    expect(ctx.urls()).toEqual([
      `${url}/page-2`,
      // Both paging styles, consistent: page 2 of 350 starts at home 350.
      'https://www.redfin.com/stingray/api/v1/search/rentals?al=1&isRentals=true&num_homes=350&ord=days-on-redfin-asc&page_number=2&region_id=30772&region_type=6&num_beds=2&num_baths=2&start=350&status=9&v=8',
    ]);
    expect(result.items).toHaveLength(3);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(result.raw).toMatchObject({ via: 'rentals-api', paging: 'page_number+start' });
  });

  it('asks again in the start-only style when page_number and start were added up (an empty page short of numMatchedHomes)', async () => {
    const url = 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent';
    const page = redfinPage({ cache: [{ key: '/stingray/x', body: {} }] });
    const homes = (fixtures.rentals() as { homes: unknown[] }).homes;
    const ctx = stubContext((_request, target) => {
      if (target.pathname !== '/stingray/api/v1/search/rentals') return { body: page, headers: HTML };
      const { page_number: pageNumber, start } = Object.fromEntries(target.searchParams);
      // A server that skips (page_number - 1) × 350 and then start more: nothing left on page 2.
      const skipped = (Number(pageNumber) - 1) * 350 + Number(start);
      return { body: JSON.stringify({ homes: skipped === 350 ? homes : [], numMatchedHomes: 353, numMatchedUnits: 400 }) };
    });
    const result = await fetchSearch({ url, tld: 'com', cursor: '2' }, ctx);

    const asked = ctx
      .urls()
      .slice(1)
      .map((each) => Object.fromEntries(new URL(each).searchParams));
    expect(asked.map((query) => [query.page_number, query.start])).toEqual([
      ['2', '350'],
      ['1', '350'],
    ]);
    expect(result.items.map((item) => item.position)).toEqual([1, 2, 3]);
    // 350 before this page + 3 on it = all 353 matched homes.
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(result.raw).toMatchObject({ paging: 'start' });
  });

  it('does not ask again when an empty rentals page is really the end', async () => {
    const url = 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent';
    const page = redfinPage({ cache: [{ key: '/stingray/x', body: {} }] });
    const ctx = stubContext((_request, target) =>
      target.pathname === '/stingray/api/v1/search/rentals'
        ? { body: JSON.stringify({ homes: [], numMatchedHomes: 350 }) }
        : { body: page, headers: HTML },
    );
    const result = await fetchSearch({ url, tld: 'com', cursor: '2' }, ctx);
    expect(ctx.urls()).toHaveLength(2);
    expect(result).toMatchObject({ items: [], emptyReason: 'no_results', pagination: { cursor: null, hasMore: false } });
  });

  it('answers an empty list for a search with zero results', async () => {
    const ctx = stubContext(() => ({ body: cityPage({ homes: [], dataSources: [] }), headers: HTML }));
    const result = await fetchSearch({ url: CITY, tld: 'com' }, ctx);
    expect(result).toMatchObject({ items: [], pagination: { cursor: null, hasMore: false }, emptyReason: 'no_results' });
  });

  it('prices redfin.ca results in CAD', async () => {
    const url = 'https://www.redfin.ca/city/3560/BC/Vancouver';
    const ctx = stubContext(() => ({ body: cityPage(fixtures.gis()), headers: HTML }));
    const result = await fetchSearch({ url, tld: 'ca', country_code: 'CA' }, ctx);
    expect(result.items.every((item) => item.currency === 'CAD')).toBe(true);
    expect(result.items[0]?.url).toBe('https://www.redfin.ca/TX/Austin/612-Pecan-Grove-Rd-78752/home/90000021');
  });
});
