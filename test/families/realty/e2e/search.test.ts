import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redfinPage, stingrayText } from '../fixtures/page-builder.js';
import { fixtures } from '../fixtures/pages.js';
import {
  at,
  balanceOf,
  expectPaid,
  expectProxied,
  html,
  realty,
  startProxiedGateway,
  upstreamUrls,
  type ProxiedGateway,
} from './support.js';

/** GET /v1/realty/search end to end through the proxy: city, filtered zip code, rentals, paging. */

const gisQuery = (region: number, page: number) => ({
  al: 1,
  num_homes: 40,
  ord: 'redfin-recommended-asc',
  page_number: page,
  region_id: region,
  region_type: 6,
  status: 9,
  v: 8,
});

/** A city search page embedding its gis answer, linking page `nextPage` when given. */
function cityPage(basePath: string, region: number, page: number, nextPage?: number): string {
  return redfinPage({
    cache: [{ key: '/stingray/api/gis', queryParams: gisQuery(region, page), body: fixtures.gis() }],
    bodyHtml: nextPage ? `<a href="${basePath}/page-${nextPage}">Next</a>` : '',
  });
}

describe('GET /v1/realty/search through the proxy', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => harness().upstream.reset());

  it('reads a city search in served order and pages through pagination.cursor to …/page-2', async () => {
    const base = '/city/30818/TX/Austin';
    harness()
      .upstream.on(at(base, html(cityPage(base, 30818, 1, 2))))
      .on(at(`${base}/page-2`, html(cityPage(base, 30818, 2))));
    const before = await balanceOf(harness());

    const first = await harness().get(realty('search', { url: `https://www.redfin.com${base}` }));
    expectPaid(first, 'list');
    expect(first.body.data.items.map((item: any) => [item.position, item.id, item.currency])).toEqual([
      [1, '90000021', 'USD'],
      [2, '90000022', 'USD'],
      [3, '90000023', 'USD'],
      [4, '90000024', 'USD'],
    ]);
    expect(first.body.data.items[0]).toMatchObject({
      platform: 'redfin',
      price: 455000,
      availability: 'in_stock',
      url: 'https://www.redfin.com/TX/Austin/612-Pecan-Grove-Rd-78752/home/90000021',
    });
    expect(first.body.pagination).toEqual({ cursor: '2', hasMore: true });

    const second = await harness().get(realty('search', { url: `https://www.redfin.com${base}`, cursor: first.body.pagination.cursor }));
    expectPaid(second, 'list');
    expect(second.body.data.items[0].position).toBe(1);
    expect(second.body.pagination).toEqual({ cursor: null, hasMore: false });

    expect(upstreamUrls(harness())).toEqual([`www.redfin.com${base}`, `www.redfin.com${base}/page-2`]);
    expect(await balanceOf(harness())).toBe(before - 2);
    expectProxied(gateway.proxy);
  });

  it('reads a filtered zip-code search through the gis API with the region id the page used', async () => {
    const path = '/zipcode/78704/filter/property-type=house,min-beds=3';
    const page = redfinPage({
      cache: [{ key: '/stingray/api/region/shared-region-info', queryParams: { region_id: 37863, region_type: 2 }, body: {} }],
    });
    harness()
      .upstream.on(at(path, html(page)))
      .on(at('/stingray/api/gis', { body: stingrayText(fixtures.gis()) }));
    const response = await harness().get(realty('search', { url: `https://www.redfin.com${path}`, include_raw: 'true' }));

    expectPaid(response, 'list');
    expect(response.body.data.items).toHaveLength(4);
    expect(response.body.raw).toMatchObject({ via: 'stingray', page: 1 });
    expect(upstreamUrls(harness())).toEqual([
      `www.redfin.com${path}`,
      'www.redfin.com/stingray/api/gis?al=1&num_homes=40&ord=redfin-recommended-asc&page_number=1&region_id=37863&region_type=2&uipt=1&num_beds=3&status=9&v=8',
    ]);
    expectProxied(gateway.proxy);
  });

  it('reads a rentals search from the rentals surface, with starting rents and paid placement', async () => {
    const path = '/city/30772/OR/Portland/apartments-for-rent';
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
    harness().upstream.on(at(path, html(page)));
    const response = await harness().get(realty('search', { url: `https://www.redfin.com${path}` }));

    expectPaid(response, 'list');
    expect(response.body.data.items.map((item: any) => [item.position, item.title, item.price, item.isSponsored])).toEqual([
      [1, 'Alder Commons', 1450, true],
      [2, '2210 NE Fremont St, Portland, OR 97212', 2650, false],
      [3, '5120 SE Division St Unit 3, Portland, OR 97206', 1795, null],
    ]);
    expect(response.body.pagination).toEqual({ cursor: '2', hasMore: true });
  });

  it('asks the rentals API for the cursor page of a filtered rentals search', async () => {
    const path = '/city/30772/OR/Portland/apartments-for-rent/filter/min-beds=2';
    const shell = redfinPage({ cache: [{ key: '/stingray/api/home/details/primaryRegionInfo', body: {} }] });
    harness()
      .upstream.on(at(`${path}/page-3`, html(shell)))
      .on(at('/stingray/api/v1/search/rentals', { body: JSON.stringify(fixtures.rentals()) }));
    const response = await harness().get(realty('search', { url: `https://www.redfin.com${path}`, cursor: '3' }));

    expectPaid(response, 'list');
    expect(upstreamUrls(harness())).toEqual([
      `www.redfin.com${path}/page-3`,
      'www.redfin.com/stingray/api/v1/search/rentals?al=1&isRentals=true&num_homes=350&ord=days-on-redfin-asc&page_number=3&region_id=30772&region_type=6&num_beds=2&start=700&status=9&v=8',
    ]);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('prices a redfin.ca city search in CAD, asking www.redfin.ca', async () => {
    const base = '/city/3560/BC/Vancouver';
    harness().upstream.on(at(base, html(cityPage(base, 3560, 1)), 'www.redfin.ca'));
    const response = await harness().get(realty('search', { url: `https://www.redfin.ca${base}`, tld: 'ca' }));
    expectPaid(response, 'list');
    expect(response.body.data.items.every((item: any) => item.currency === 'CAD' && item.url.startsWith('https://www.redfin.ca/'))).toBe(
      true,
    );
    expect(harness().upstream.requests.map((request) => request.host)).toEqual(['www.redfin.ca']);
  });

  it('answers a search without results as an empty list: 0 credits, meta.empty', async () => {
    const base = '/city/40001/TX/Nowhere';
    harness().upstream.on(
      at(
        base,
        html(redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: gisQuery(40001, 1), body: { homes: [], dataSources: [] } }] })),
      ),
    );
    const response = await harness().get(realty('search', { url: `https://www.redfin.com${base}` }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      data: { items: [] },
      pagination: { cursor: null, hasMore: false },
      meta: { creditsCharged: 0, empty: true, reason: 'no_results' },
    });
    expect(response.headers.get('x-credits-charged')).toBe('0');
  });
});
