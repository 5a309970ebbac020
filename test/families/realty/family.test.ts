import { describe, expect, it } from 'vitest';
import { realtyFamily } from '../../../src/families/realty/index.js';
import { searchPageUrl, parseSearchPath } from '../../../src/families/realty/search/search-path.js';
import { apiFilters } from '../../../src/families/realty/search/filters.js';

describe('realtyFamily', () => {
  it('declares the family, its hosts and its proxy', () => {
    expect(realtyFamily).toMatchObject({
      name: 'realty',
      hosts: ['www.redfin.com', 'www.redfin.ca'],
      proxyEnv: 'REALTY_PROXY_URL',
      requiresResidentialProxy: true,
    });
  });

  it('declares the four endpoints with the contract flags', () => {
    const byPath = Object.fromEntries(realtyFamily.endpoints.map((endpoint) => [endpoint.path, endpoint]));
    expect(Object.keys(byPath)).toEqual(['/v1/realty/for-sale', '/v1/realty/for-rent', '/v1/realty/agent', '/v1/realty/search']);
    expect(realtyFamily.endpoints.map((endpoint) => endpoint.graphqlField)).toEqual([
      'realtyForSale',
      'realtyForRent',
      'realtyAgent',
      'realtySearch',
    ]);
    expect(realtyFamily.endpoints.map((endpoint) => endpoint.returns)).toEqual([
      { kind: 'single', type: 'PropertyListing' },
      { kind: 'single', type: 'PropertyListing' },
      { kind: 'single', type: 'RealEstateAgent' },
      { kind: 'list', type: 'SearchResultItem', maxItems: 350 },
    ]);
    for (const endpoint of realtyFamily.endpoints) {
      expect(endpoint.family).toBe('realty');
      expect(endpoint.flags).toMatchObject({ creditCost: 1, cacheable: true, batchable: true, requiresResidentialProxy: true });
      // Only the agent endpoint reads a surface no recording confirms.
      expect(endpoint.flags.experimental).toBe(endpoint.path === '/v1/realty/agent');
      expect(endpoint.flags.subscribable).toBe(endpoint.path !== '/v1/realty/agent');
      expect(endpoint.flags.parameterConstraints).toMatch(/^url must be a https:\/\/www\.redfin\.\{tld\}/);
      expect(endpoint.summary.length).toBeGreaterThan(10);
      // The pipeline adds the common options and applies .strict(); the family must not.
      expect(Object.keys(endpoint.params.shape)).not.toContain('cache_max_age');
      expect(Object.keys(endpoint.params.shape)).not.toContain('include_raw');
      expect(() => endpoint.params.extend({}).strict()).not.toThrow();
    }
    expect(Object.keys(byPath['/v1/realty/search']!.params.shape)).toEqual(['url', 'tld', 'country_code', 'cursor']);
    expect(Object.keys(byPath['/v1/realty/agent']!.params.shape)).toEqual(['url', 'tld', 'country_code']);
    expect(byPath['/v1/realty/agent']!.description).toMatch(/Experimental: no recorded Redfin agent page .* is unverified/);
  });
});

describe('search paths', () => {
  it('reads region, rentals segment, filter and page', () => {
    expect(parseSearchPath('/city/30772/OR/Portland/apartments-for-rent/filter/min-beds=2/page-3')).toEqual({
      basePath: '/city/30772/OR/Portland/apartments-for-rent/filter/min-beds=2',
      regionKind: 'city',
      regionId: '30772',
      zip: null,
      rentals: true,
      filter: 'min-beds=2',
      page: 3,
    });
    expect(parseSearchPath('/zipcode/78704')).toMatchObject({
      regionKind: 'zipcode',
      regionId: null,
      zip: '78704',
      page: 1,
      rentals: false,
    });
    expect(parseSearchPath('/neighborhood/1234/TX/Austin/Zilker')).toMatchObject({ regionKind: 'neighborhood', regionId: '1234' });
    expect(parseSearchPath('/city/30818/TX/Austin/extra')).toBeNull();
    expect(parseSearchPath('/TX/Austin/x/home/1')).toBeNull();
  });

  it('builds page URLs and translates only known filters', () => {
    const search = parseSearchPath('/city/30818/TX/Austin/page-2')!;
    expect(searchPageUrl('https://www.redfin.com', search, 1)).toBe('https://www.redfin.com/city/30818/TX/Austin');
    expect(searchPageUrl('https://www.redfin.com', search, 4)).toBe('https://www.redfin.com/city/30818/TX/Austin/page-4');
    expect(apiFilters('min-price=250k,max-price=1.5M,max-beds=4,min-baths=2')).toEqual([
      ['min_price', '250000'],
      ['max_price', '1500000'],
      ['max_num_beds', '4'],
      ['num_baths', '2'],
    ]);
    expect(apiFilters('property-type=house+boat')).toBeNull();
    expect(apiFilters('sort=lo-price')).toBeNull();
  });
});
