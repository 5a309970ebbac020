import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { adsAdEndpoint } from '../../../src/families/ads/endpoints/ad.js';
import { adsAdvertiserAdsEndpoint } from '../../../src/families/ads/endpoints/advertiser-ads.js';
import { encodeCursor } from '../../../src/families/ads/input/cursor.js';
import { canonicalDomain, canonicalRegion } from '../../../src/families/ads/input/refs.js';
import { GEO_ID_BY_REGION, regionOfGeoId } from '../../../src/families/ads/input/regions.js';
import { cacheKey } from '../../../src/pipeline/cache-key.js';
import { ADVERTISER, creativeIdOf } from '../../../src/families/ads/demo/bodies.js';

/** The parameter a refusal names, or fails the test when the call does not refuse. */
function refusedParam(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe('invalid_request');
    return (error as GatewayError).details?.param;
  }
  throw new Error('expected a refusal');
}

const adsParams = (input: Record<string, unknown>) =>
  adsAdvertiserAdsEndpoint.normaliseParams!(adsAdvertiserAdsEndpoint.params.parse(input));
const adParams = (input: Record<string, unknown>) => adsAdEndpoint.normaliseParams!(adsAdEndpoint.params.parse(input));

describe('domains', () => {
  it('reads hosts and URLs into one lower-cased domain without www, scheme, port or path', () => {
    for (const spelling of [
      'www.example.com',
      'https://example.com/',
      'EXAMPLE.com',
      'http://WWW.Example.com:8080/shop?x=1',
      'example.com.',
    ]) {
      expect(canonicalDomain(spelling)).toBe('example.com');
    }
    expect(canonicalDomain('shop.example.co.uk')).toBe('shop.example.co.uk');
  });

  it('refuses what is not a host name, naming domain', () => {
    for (const bad of ['localhost', 'ftp://example.com', 'exa mple.com', '-bad.example', '127.0.0.1', 'https://user:pw@example.com', '']) {
      expect(refusedParam(() => canonicalDomain(bad))).toBe('domain');
    }
  });

  it('makes the equivalent spellings one cache entry', () => {
    const keys = ['www.example.com', 'https://example.com/', 'EXAMPLE.com'].map((domain) =>
      cacheKey(adsAdvertiserAdsEndpoint.path, adsParams({ domain })),
    );
    expect(new Set(keys).size).toBe(1);
  });
});

describe('regions', () => {
  it('lists the 237 regions of the platform: every ISO country but twelve, Isle of Man at 20340', () => {
    expect(GEO_ID_BY_REGION.size).toBe(237);
    expect(GEO_ID_BY_REGION.get('US')).toBe(2840);
    expect(GEO_ID_BY_REGION.get('IM')).toBe(20340);
    expect(GEO_ID_BY_REGION.get('MK')).toBe(2807);
    for (const code of ['AF', 'AX', 'BL', 'CU', 'IR', 'KP', 'MF', 'RS', 'RU', 'SD', 'SS', 'SY'])
      expect(GEO_ID_BY_REGION.has(code)).toBe(false);
    expect(regionOfGeoId(20340)).toBe('IM');
    expect(regionOfGeoId(2833)).toBeNull();
    expect(regionOfGeoId(2999)).toBeNull();
  });

  it('accepts codes case-insensitively and anywhere; refuses the rest naming region', () => {
    expect(canonicalRegion('de')).toBe('DE');
    expect(canonicalRegion('Anywhere')).toBe('anywhere');
    for (const bad of ['RU', 'XX', 'USA', '840', 'u']) expect(refusedParam(() => canonicalRegion(bad))).toBe('region');
    expect(refusedParam(() => adsParams({ domain: 'example.com', region: 'zz' }))).toBe('region');
  });
});

describe('the ads list parameters', () => {
  it('takes exactly one of domain or advertiser_id', () => {
    expect(refusedParam(() => adsParams({}))).toBe('domain');
    expect(refusedParam(() => adsParams({ domain: 'example.com', advertiser_id: ADVERTISER }))).toBe('advertiser_id');
    expect(adsParams({ advertiser_id: ADVERTISER.toLowerCase() })).toEqual({
      advertiser_id: ADVERTISER,
      region: 'anywhere',
      format: 'all',
      limit: 40,
    });
    expect(refusedParam(() => adsParams({ advertiser_id: 'AR12x' }))).toBe('advertiser_id');
  });

  it('accepts a cursor only with the query it was made for; limit may change', () => {
    const query = { domain: 'example.com', advertiserId: undefined, region: 'US', format: 'text' };
    const cursor = encodeCursor(query, 'Cg+/token==');
    expect(adsParams({ domain: 'www.example.com', region: 'us', format: 'text', limit: 5, cursor }).cursor).toBe(cursor);
    expect(refusedParam(() => adsParams({ domain: 'example.com', region: 'DE', format: 'text', cursor }))).toBe('cursor');
    expect(refusedParam(() => adsParams({ domain: 'other.example', region: 'US', format: 'text', cursor }))).toBe('cursor');
    expect(refusedParam(() => adsParams({ domain: 'example.com', region: 'US', format: 'all', cursor }))).toBe('cursor');
    expect(refusedParam(() => adsParams({ domain: 'example.com', cursor: 'not-a-cursor' }))).toBe('cursor');
  });
});

describe('the single ad parameters', () => {
  const url = `https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(7)}?region=US`;

  it('reads the URL form and the id form into one question', () => {
    const fromUrl = adParams({ url });
    const fromIds = adParams({ advertiser_id: ADVERTISER, creative_id: creativeIdOf(7).toLowerCase() });
    expect(fromUrl).toEqual({ advertiser_id: ADVERTISER, creative_id: creativeIdOf(7) });
    expect(cacheKey(adsAdEndpoint.path, fromUrl)).toBe(cacheKey(adsAdEndpoint.path, fromIds));
  });

  it('refuses other hosts and paths naming url, and a half of the id form naming the missing one', () => {
    expect(refusedParam(() => adParams({ url: url.replace('adstransparency.google.com', 'evil.example') }))).toBe('url');
    expect(refusedParam(() => adParams({ url: `https://adstransparency.google.com/advertiser/${ADVERTISER}` }))).toBe('url');
    expect(refusedParam(() => adParams({ advertiser_id: ADVERTISER }))).toBe('creative_id');
    expect(refusedParam(() => adParams({ creative_id: creativeIdOf(1) }))).toBe('advertiser_id');
    expect(refusedParam(() => adParams({ url, advertiser_id: ADVERTISER }))).toBe('advertiser_id');
    expect(refusedParam(() => adParams({}))).toBe('url');
  });
});
