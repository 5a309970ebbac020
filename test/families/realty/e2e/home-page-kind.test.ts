import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtures, idsOf, rentalPage, salePage } from '../fixtures/pages.js';
import { at, expectPaid, html, realty, startProxiedGateway, upstreamUrls, type ProxiedGateway } from './support.js';

/**
 * A `/home/` page is a sale's or a rental's, and only the page tells: read through for-sale, or
 * pasted into /v1/resolve, a rented home answers its rental listing, never schema drift.
 */

/** The rental building fixture, published under a `/home/` path as a rented home's page is. */
function rentedHome() {
  const data = fixtures.rentalBuilding();
  return { ...data, url: data.url.replace('/apartment/', '/home/') };
}

describe('a /home/ page that is a rental', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => harness().upstream.reset());

  it('answers /v1/resolve 200 with the rental listing, meta.resolved naming the endpoint that answered', async () => {
    const data = rentedHome();
    harness().upstream.on(at(idsOf(data).path, html(rentalPage(data))));
    const response = await harness().get(`/v1/resolve?${new URLSearchParams({ url: `${data.url}?utm_source=x` })}`);

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ id: '90000010', listingType: 'rent', price: 1450, currency: 'USD' });
    expect(response.body.meta.resolved).toEqual({
      endpoint: '/v1/realty/for-sale',
      params: { url: data.url, tld: 'com', country_code: 'US' },
    });
    expect(upstreamUrls(harness())).toEqual([`www.redfin.com${idsOf(data).path}`]);
  });

  it('answers GET /v1/realty/for-sale with the rental listing as well', async () => {
    const data = rentedHome();
    harness().upstream.on(at(idsOf(data).path, html(rentalPage(data))));
    const response = await harness().get(realty('for-sale', { url: data.url }));

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ id: '90000010', listingType: 'rent', priceQualifier: 'starting at, per month' });
  });

  it('still reads a sale page on the same path shape as the sale it is', async () => {
    const data = fixtures.saleCom();
    harness().upstream.on(at(idsOf(data).path, html(salePage(data))));
    const response = await harness().get(`/v1/resolve?${new URLSearchParams({ url: data.url })}`);

    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ id: '90000001', listingType: 'sale', price: 615000 });
  });
});
