import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../../src/catalogue/results.js';
import { GatewayError } from '../../../src/errors.js';
import { adsAdEndpoint } from '../../../src/families/ads/endpoints/ad.js';
import { adsAdvertiserAdsEndpoint } from '../../../src/families/ads/endpoints/advertiser-ads.js';
import { adsAdvertisersSearchEndpoint } from '../../../src/families/ads/endpoints/advertisers-search.js';
import { adsFamily } from '../../../src/families/ads/index.js';
import { readThrottle } from '../../../src/families/ads/upstream/throttle.js';
import type { UpstreamRequest } from '../../../src/catalogue/upstream.js';
import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';
import {
  ADVERTISER,
  creativeIdOf,
  DOMAIN,
  ERROR_OBJECT,
  lookupAnswer,
  searchCreative,
  searchPage,
  suggestionsAnswer,
} from '../../../src/families/ads/demo/bodies.js';
import { fReqOf } from './bodies.js';

const FETCHED_AT = '2026-11-21T00:00:00.000Z';
const json = (body: unknown, status = 200, headers: Record<string, string> = {}): StubAnswer => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

/** Runs an endpoint as the pipeline does (zod, normaliseParams, fetch) against one answer; resources checked against the schema. */
async function run(endpoint: EndpointDefinition, input: Record<string, unknown>, answer: (request: UpstreamRequest) => StubAnswer) {
  const upstream = stubUpstream((request) => answer(request));
  const params = endpoint.normaliseParams!(endpoint.params.parse(input));
  const result: EndpointResult<any> = await endpoint.fetch(params, { upstream, fetchedAt: FETCHED_AT });
  const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
  for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
  return { result, calls: upstream.calls };
}
const list = (result: EndpointResult<any>) => result as ListResult<any>;
const single = (result: EndpointResult<any>) => result as SingleResult<any>;

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('the family declaration', () => {
  it('declares three endpoints: the two ad endpoints at 2 credits and subscribable, the search at 1', () => {
    expect(
      adsFamily.endpoints.map((endpoint) => [endpoint.path, endpoint.graphqlField, endpoint.flags.creditCost, endpoint.flags.subscribable]),
    ).toEqual([
      ['/v1/ads/advertiser/ads', 'adsAdvertiserAds', 2, true],
      ['/v1/ads/ad', 'adsAd', 2, true],
      ['/v1/ads/advertisers/search', 'adsAdvertisersSearch', 1, false],
    ]);
    expect(adsFamily.endpoints.every((endpoint) => endpoint.flags.cacheable && endpoint.flags.batchable)).toBe(true);
    expect(adsFamily.hosts).toEqual(['adstransparency.google.com']);
  });
});

describe('GET /v1/ads/advertiser/ads', () => {
  it('sends the site request (POST, form f.req, the site headers) with region and format in the filters', async () => {
    const { calls } = await run(
      adsAdvertiserAdsEndpoint,
      { domain: `https://www.${DOMAIN}/`, region: 'gb', format: 'video', limit: 5 },
      () => json(searchPage([searchCreative(1, { domain: DOMAIN })], null)),
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://adstransparency.google.com/anji/_/rpc/SearchService/SearchCreatives?authuser=0');
    expect(call!.method).toBe('POST');
    expect(call!.headers).toMatchObject({ 'x-same-domain': '1', origin: 'https://adstransparency.google.com' });
    expect(call!.headers?.cookie).toBeUndefined();
    expect(fReqOf(call!.body!)).toEqual({ '2': 5, '3': { '4': 3, '8': [2826], '12': { '1': DOMAIN, '2': true } }, '7': { '1': 1 } });
  });

  it('maps creatives to Ads: format from the code, previews passed on, times, days shown, the domain', async () => {
    const creatives = [searchCreative(2, { domain: DOMAIN, format: 1 }), searchCreative(3, { domain: DOMAIN, format: 9 })];
    const { result } = await run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () => json(searchPage(creatives, null, 2)));
    const [text, odd] = list(result).items;
    expect(text).toMatchObject({
      platform: 'google_ads',
      id: creativeIdOf(2),
      advertiserId: ADVERTISER,
      advertiserName: 'Copperfield & Sons Ltd',
      domain: DOMAIN,
      format: 'text',
      firstShownAt: '2026-01-05T10:00:00.250Z',
      lastShownAt: '2026-11-20T08:00:00.250Z',
      daysShown: 42,
      regions: [],
      regionIds: [],
      imageUrl: 'https://tpc.googlesyndication.com/archive/simgad/2',
      previewUrl: null,
      variantCount: null,
      variants: [],
      url: `https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(2)}`,
      fetchedAt: FETCHED_AT,
    });
    expect(odd).toMatchObject({ format: 'unknown', imageUrl: null, previewUrl: expect.stringContaining('content.js') });
    expect(list(result).pagination).toEqual({ cursor: null, hasMore: false });
    expect((list(result).raw as any).total).toEqual({ min: 2, max: 2 });
  });

  it('pages with a cursor that carries the token (form-encoded) and the query, to the last page', async () => {
    const first = await run(adsAdvertiserAdsEndpoint, { advertiser_id: ADVERTISER, limit: 2 }, () =>
      json(searchPage([searchCreative(1), searchCreative(2)], 'Cg+/tok==', 3)),
    );
    const { cursor, hasMore } = list(first.result).pagination;
    expect(hasMore).toBe(true);
    const second = await run(adsAdvertiserAdsEndpoint, { advertiser_id: ADVERTISER, limit: 2, cursor }, () =>
      json(searchPage([searchCreative(3)], null, 3)),
    );
    expect(second.calls[0]!.body).toContain('%22Cg%2B%2Ftok%3D%3D%22');
    expect(fReqOf(second.calls[0]!.body!)['4']).toBe('Cg+/tok==');
    expect(list(second.result).items.map((ad) => ad.id)).toEqual([creativeIdOf(3)]);
    expect(list(second.result).pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('reads {} and an answer of totals only as no results', async () => {
    for (const body of [{}, { '4': '0', '5': '0' }]) {
      const { result } = await run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () => json(body));
      expect(list(result)).toMatchObject({ items: [], emptyReason: 'no_results', pagination: { cursor: null, hasMore: false } });
    }
  });

  it('leaves out a creative without ids, with a warning; an answer of none readable is drift', async () => {
    const { result } = await run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () =>
      json(searchPage([searchCreative(1), { '4': 1 }], null)),
    );
    expect(list(result).items).toHaveLength(1);
    expect(list(result).warnings).toHaveLength(1);
    const drift = await failure(run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () => json({ '1': [{ '4': 1 }] })));
    expect(drift.code).toBe('upstream_schema_drift');
  });

  it('reads the error object (plain or gzip-encoded), a non-list, unknown keys and a non-object as drift', async () => {
    const bodies: StubAnswer[] = [
      json(ERROR_OBJECT, 400),
      {
        status: 400,
        body: gzipSync(JSON.stringify(ERROR_OBJECT)).toString('latin1'),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      },
      json(ERROR_OBJECT, 200),
      json({ '1': 'nope' }),
      json({ '99': [] }),
      json([1, 2]),
      json('not json at all'),
    ];
    for (const body of bodies) {
      const error = await failure(run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () => body));
      expect(error.code).toBe('upstream_schema_drift');
    }
  });

  it('reads HTML where JSON was expected, a 403 or a 500 as blocked', async () => {
    const answers: StubAnswer[] = [
      { status: 200, body: '<html><body>sign in</body></html>', headers: { 'content-type': 'text/html' } },
      json({ error: 'forbidden' }, 403),
      json({}, 500),
    ];
    for (const answer of answers)
      expect((await failure(run(adsAdvertiserAdsEndpoint, { domain: DOMAIN }, () => answer))).code).toBe('upstream_blocked');
  });
});

describe('GET /v1/ads/ad', () => {
  it('asks by both ids and maps variants and regions (ISO codes; ids without one kept in regionIds only)', async () => {
    const { result, calls } = await run(adsAdEndpoint, { advertiser_id: ADVERTISER, creative_id: creativeIdOf(5) }, () =>
      json(lookupAnswer(5)),
    );
    expect(fReqOf(calls[0]!.body!)).toEqual({ '1': ADVERTISER, '2': creativeIdOf(5), '5': { '1': 1 } });
    expect(single(result).data).toMatchObject({
      id: creativeIdOf(5),
      format: 'video',
      firstShownAt: null,
      domain: null,
      daysShown: null,
      lastShownAt: '2026-11-19T12:00:00.250Z',
      regions: ['US', 'IM'],
      regionIds: [2840, 20340, 2999],
      variantCount: 2,
      imageUrl: 'https://tpc.googlesyndication.com/archive/simgad/5',
      previewUrl: expect.stringContaining('creativeId=6'),
      variants: [
        { imageUrl: 'https://tpc.googlesyndication.com/archive/simgad/5', previewUrl: null },
        { imageUrl: null, previewUrl: expect.stringContaining('content.js') },
      ],
      advertiserName: 'Copperfield & Sons Ltd',
    });
  });

  it('reads {} as not found, and a creative without its ids as drift', async () => {
    const { result } = await run(adsAdEndpoint, { advertiser_id: ADVERTISER, creative_id: creativeIdOf(5) }, () => json({}));
    expect(single(result)).toMatchObject({ data: null, emptyReason: 'not_found' });
    const drift = await failure(
      run(adsAdEndpoint, { advertiser_id: ADVERTISER, creative_id: creativeIdOf(5) }, () => json({ '1': { '8': 1 } })),
    );
    expect(drift.code).toBe('upstream_schema_drift');
  });

  it('drops preview values that are not https URLs', async () => {
    const body: { '1': Record<string, unknown> } = lookupAnswer(5);
    body['1']['5'] = [{ '3': { '2': '<img src="javascript:alert(1)">' } }, { '1': { '4': 'http://insecure.example/x.js' } }];
    const { result } = await run(adsAdEndpoint, { advertiser_id: ADVERTISER, creative_id: creativeIdOf(5) }, () => json(body));
    expect(single(result).data).toMatchObject({ imageUrl: null, previewUrl: null, variantCount: 2 });
  });
});

describe('GET /v1/ads/advertisers/search', () => {
  it('maps advertiser suggestions to Creators, keeps the count ranges and the domains in raw', async () => {
    const { result, calls } = await run(adsAdvertisersSearchEndpoint, { query: '  copper   field ' }, () => json(suggestionsAnswer()));
    expect(fReqOf(calls[0]!.body!)).toEqual({ '1': 'copper field', '2': 10, '3': 10 });
    const items = list(result).items;
    expect(items.map((creator) => [creator.id, creator.displayName, creator.location, creator.postCount])).toEqual([
      [ADVERTISER, 'Copperfield & Sons Ltd', 'GB', 12],
      ['AR20000000000000000002', 'Copperfield Media', 'US', null],
    ]);
    expect(items[0]).toMatchObject({
      platform: 'google_ads',
      url: `https://adstransparency.google.com/advertiser/${ADVERTISER}`,
      externalLinks: [],
      followerCount: null,
    });
    expect(list(result).raw).toMatchObject({
      items: [
        { id: ADVERTISER, adCount: { min: 12, max: 12 } },
        { id: 'AR20000000000000000002', adCount: { min: 100, max: 200 } },
      ],
      domains: [DOMAIN],
    });
  });

  it('reads {} and domains without advertisers as no results', async () => {
    for (const body of [{}, { '1': [{ '2': { '1': DOMAIN } }] }]) {
      const { result } = await run(adsAdvertisersSearchEndpoint, { query: 'nobody' }, () => json(body));
      expect(list(result)).toMatchObject({ items: [], emptyReason: 'no_results' });
    }
  });
});

describe('the throttle reader', () => {
  const now = 1_800_000_000_000;
  it('holds the host back after a 429 or a redirect to the sorry page: the Retry-After, else 60 s', () => {
    expect(readThrottle({}, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 60_000 });
    expect(readThrottle({ 'retry-after': '120' }, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 120_000 });
    const sorry = { location: 'https://www.google.com/sorry/index?continue=https://adstransparency.google.com/x' };
    expect(readThrottle(sorry, now, 302)).toEqual({ remaining: 0, resetAtMs: now + 60_000 });
    expect(readThrottle({ location: 'https://adstransparency.google.com/elsewhere' }, now, 302)).toBeNull();
    expect(readThrottle({ location: 'https://sorry.example/sorry/index' }, now, 302)).toBeNull();
    expect(readThrottle({}, now, 200)).toBeNull();
  });
});
