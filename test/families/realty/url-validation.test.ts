import { describe, expect, it } from 'vitest';
import { fetchAgent } from '../../../src/families/realty/fetch/agent.js';
import { fetchForRent } from '../../../src/families/realty/fetch/for-rent.js';
import { fetchForSale } from '../../../src/families/realty/fetch/for-sale.js';
import { fetchSearch } from '../../../src/families/realty/fetch/search.js';
import { resolveMarket } from '../../../src/families/realty/market.js';
import { realtyParams } from '../../../src/families/realty/params.js';
import { gatewayError, stubContext } from './harness.js';

const SALE = 'https://www.redfin.com/TX/Austin/1204-Juniper-Hollow-Ln-78745/home/90000001';

/** Every case must fail before any upstream request. */
async function refusal(action: (ctx: ReturnType<typeof stubContext>) => Promise<unknown>) {
  const ctx = stubContext(() => undefined);
  const error = await gatewayError(() => action(ctx));
  expect(ctx.urls()).toEqual([]);
  expect(error.code).toBe('invalid_request');
  expect(error.status).toBe(400);
  return error;
}

describe('realty URL and market validation', () => {
  it('refuses another host, naming the expected form', async () => {
    const error = await refusal((ctx) => fetchForSale({ url: 'https://www.zillow.com/homedetails/1_zpid/', tld: 'com' }, ctx));
    expect(error.details).toEqual({ param: 'url' });
    expect(error.message).toContain('www.redfin.com');
    expect(error.message).toContain('/home/{propertyId}');
    // redfin.com without www is not the marketplace host either.
    expect((await refusal((ctx) => fetchForSale({ url: 'https://redfin.com/TX/Austin/x/home/1', tld: 'com' }, ctx))).details).toEqual({
      param: 'url',
    });
  });

  it('refuses a scheme other than https', async () => {
    const error = await refusal((ctx) => fetchForSale({ url: SALE.replace('https:', 'http:'), tld: 'com' }, ctx));
    expect(error).toMatchObject({ details: { param: 'url' } });
    expect(error.message).toContain('https');
    expect((await refusal((ctx) => fetchForSale({ url: 'not a url', tld: 'com' }, ctx))).details).toEqual({ param: 'url' });
  });

  it('refuses a URL of the wrong page kind and says which endpoint serves it', async () => {
    const agentOnSale = await refusal((ctx) =>
      fetchForSale({ url: 'https://www.redfin.com/real-estate-agents/marisol-vega', tld: 'com' }, ctx),
    );
    expect(agentOnSale.details).toEqual({ param: 'url' });
    expect(agentOnSale.message).toContain('for-sale listing URL');
    expect(agentOnSale.message).toContain('/v1/realty/agent');

    const buildingOnSale = await refusal((ctx) =>
      fetchForSale({ url: 'https://www.redfin.com/OR/Portland/Alder-Commons/apartment/90000010', tld: 'com' }, ctx),
    );
    expect(buildingOnSale.message).toContain('/v1/realty/for-rent');

    const listingOnAgent = await refusal((ctx) => fetchAgent({ url: SALE, tld: 'com' }, ctx));
    expect(listingOnAgent.message).toContain('agent profile URL');

    const listingOnSearch = await refusal((ctx) => fetchSearch({ url: SALE, tld: 'com' }, ctx));
    expect(listingOnSearch.message).toContain('search page URL');

    const searchOnRent = await refusal((ctx) =>
      fetchForRent({ url: 'https://www.redfin.com/city/30772/OR/Portland/apartments-for-rent', tld: 'com' }, ctx),
    );
    expect(searchOnRent.message).toContain('/v1/realty/search');

    await refusal((ctx) => fetchSearch({ url: 'https://www.redfin.com/city/abc/TX/Austin', tld: 'com' }, ctx));
  });

  it('refuses a URL of the other marketplace than tld (tld mismatch)', async () => {
    const caOnCom = await refusal((ctx) =>
      fetchForSale({ url: 'https://www.redfin.ca/on/toronto/48-Larchmount-Cres-M4M-2Z9/home/90000004', tld: 'com' }, ctx),
    );
    expect(caOnCom.details).toEqual({ param: 'tld' });
    expect(caOnCom.message).toContain('tld=ca');
    const comOnCa = await refusal((ctx) => fetchSearch({ url: 'https://www.redfin.com/city/30818/TX/Austin', tld: 'ca' }, ctx));
    expect(comOnCa.details).toEqual({ param: 'tld' });
  });

  it('refuses a country_code that contradicts the marketplace, naming the allowed value', async () => {
    const error = await refusal((ctx) => fetchForSale({ url: SALE, tld: 'com', country_code: 'CA' }, ctx));
    expect(error.details).toEqual({ param: 'country_code' });
    expect(error.message).toContain('must be US');
    const onCa = await refusal((ctx) =>
      fetchAgent({ url: 'https://www.redfin.ca/real-estate-agents/jo-tan', tld: 'ca', country_code: 'US' }, ctx),
    );
    expect(onCa.message).toContain('must be CA');
  });

  it('defaults country_code from tld and accepts it in any case', () => {
    expect(resolveMarket('com', undefined)).toMatchObject({ country: 'US', currency: 'USD', host: 'www.redfin.com' });
    expect(resolveMarket('ca', 'ca')).toMatchObject({ country: 'CA', currency: 'CAD', host: 'www.redfin.ca' });
  });

  it('validates the parameter shapes with zod (tld enum, alpha-2 country_code, required url)', () => {
    expect(realtyParams.parse({ url: SALE })).toEqual({ url: SALE, tld: 'com' });
    expect(realtyParams.safeParse({ url: SALE, tld: 'co.uk' }).success).toBe(false);
    expect(realtyParams.safeParse({ url: SALE, country_code: 'USA' }).success).toBe(false);
    expect(realtyParams.safeParse({}).success).toBe(false);
  });
});
