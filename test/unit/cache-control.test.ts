import { describe, expect, it } from 'vitest';
import { cacheMaxAgeFromHeader, withDefaultCacheMaxAge } from '../../src/pipeline/cache-control.js';
import { validateRequest } from '../../src/pipeline/params.js';
import { isGatewayError } from '../../src/errors.js';
import { catalogue } from '../support/registered-catalogue.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';

describe('Cache-Control as the default cache_max_age', () => {
  it.each([
    [undefined, null],
    ['max-age=3600', 3600],
    ['public, MAX-AGE = 60 , must-revalidate', 60],
    ['max-age="120"', 120],
    [['private', 'max-age=30'], 30],
    ['max-age=0', null],
    ['no-cache', null],
    ['max-age=3600, no-cache', null],
    ['no-store', null],
    ['s-maxage=60', null],
    ['max-age=99999999999999', 2_147_483_648],
  ] as const)('reads %j as %j', (header, seconds) => {
    expect(cacheMaxAgeFromHeader(header as string | string[] | undefined)).toBe(seconds);
  });

  it.each(['max-age=', 'max-age=-1', 'max-age=1.5', 'max-age=1h', 'max-age=10, max-age=20'])('refuses %j naming the header', (header) => {
    let thrown: unknown;
    try {
      cacheMaxAgeFromHeader(header);
    } catch (error) {
      thrown = error;
    }
    expect(isGatewayError(thrown) && thrown.code).toBe('invalid_request');
    expect(isGatewayError(thrown) && thrown.details).toEqual({ param: 'cache-control' });
  });

  it('gives a call without cache_max_age the default; an explicit value (even 0) wins', () => {
    const book = bookshelfCatalogue.endpoints.find((endpoint) => endpoint.path === '/v1/bookshelf/book')!;
    expect(withDefaultCacheMaxAge(book, validateRequest(book, { id: '101' }), 600).cacheMaxAgeSeconds).toBe(600);
    expect(withDefaultCacheMaxAge(book, validateRequest(book, { id: '101', cache_max_age: '0' }), 600).cacheMaxAgeSeconds).toBe(0);
    expect(withDefaultCacheMaxAge(book, validateRequest(book, { id: '101' }), null).cacheMaxAgeSeconds).toBeNull();
  });

  it('leaves a never-cached endpoint live instead of refusing it, as its explicit parameter is', () => {
    const live = catalogue.endpoints.find((endpoint) => !endpoint.flags.cacheable)!;
    expect(live).toBeDefined();
    const request = { params: {}, cacheMaxAgeSeconds: null, includeRaw: false };
    expect(withDefaultCacheMaxAge(live, request, 600)).toBe(request);
  });
});
