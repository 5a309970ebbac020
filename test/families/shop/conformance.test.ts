import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopCollectionProductsEndpoint } from '../../../src/families/shop/endpoints/collection-products.js';
import { shopProductEndpoint } from '../../../src/families/shop/endpoints/product.js';
import { shopSearchEndpoint } from '../../../src/families/shop/endpoints/search.js';
import { shopStoreProductsEndpoint } from '../../../src/families/shop/endpoints/store-products.js';
import { shopStoreEndpoint } from '../../../src/families/shop/endpoints/store.js';
import type { Creator } from '../../../src/model/content.js';
import type { Product } from '../../../src/model/commerce.js';
import { asList, asSingle, errorOf, runEndpoint, storeStub, type Reply } from './support.js';

/**
 * The shop family against the recorded storefront answers (shared upstream samples, read from
 * disk, never fetched from a store): each sample served at its manifest URL with its recorded
 * status and headers, and the values the manifest names come out.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; contentType: string; headers?: Record<string, string> };
}

const read = (file: string): string => readFileSync(`${samplesDir}/shop/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(read('manifest.json')) as ManifestEntry[];

/** Serves every sample at its recorded URL; the locked store's /password page and the rest as `extra` says. */
function samples(extra: (url: URL) => Reply | undefined = () => undefined) {
  // The throttled answer shares its URL with the search sample: it is served by its own test.
  const byUrl = new Map(
    manifest()
      .filter((entry) => entry.response.status !== 429)
      .map((entry) => [entry.request.url, entry]),
  );
  return storeStub((url) => {
    const entry = byUrl.get(url.href);
    if (entry)
      return {
        status: entry.response.status,
        headers: { 'content-type': entry.response.contentType, ...entry.response.headers },
        body: read(entry.file),
      };
    if (url.pathname === '/password') return { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Opening soon</html>' };
    return extra(url);
  });
}

/** The recorded products.json page, served at any page size and number the endpoint asks (the manifest records one). */
function anyPage(url: URL): Reply | undefined {
  if (url.href.startsWith('https://bjjfanatics.com/products.json?') === false) return undefined;
  const products = (JSON.parse(read('products_bjjfanatics_2022.json')) as { products: unknown[] }).products;
  const limit = Number(url.searchParams.get('limit'));
  const page = Number(url.searchParams.get('page'));
  return { body: { products: products.slice((page - 1) * limit, page * limit) } };
}

describe.skipIf(!samplesDir)('shop conformance with recorded storefront samples', () => {
  it('covers every sample of the manifest', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([
      'meta_some-url_2019.json',
      'product_js_ratio-eight_2019.json',
      'products_bjjfanatics_2022.json',
      'synthetic_collection_products_sale.json',
      'synthetic_error_429_suggest.json',
      'synthetic_meta_bjjfanatics.json',
      'synthetic_meta_tk-narrative.json',
      'synthetic_not_shopify.html',
      'synthetic_password_redirect.html',
      'synthetic_redirect_myshopify.html',
      'synthetic_suggest_craig.json',
    ]);
  });

  it("reads bjjfanatics.com's products.json page in served order, with meta.json's currency and name", async () => {
    const result = asList(await runEndpoint(shopStoreProductsEndpoint, { domain: 'bjjfanatics.com', limit: 2 }, samples()));
    const items = result.items as Product[];
    expect(items.map((item) => [item.id, item.handle])).toEqual([
      ['6647619027042', 'make-z-guard-great-again-by-craig-jones'],
      ['6628467703906', 'power-bottom-by-craig-jones'],
    ]);
    for (const item of items) {
      expect(item).toMatchObject({ vendor: 'Craig Jones', productType: 'COMBO', price: '197.00', compareAtPrice: null, available: true });
      expect(item).toMatchObject({
        currency: 'USD',
        storeName: 'BJJ Fanatics',
        storeDomain: 'bjjfanatics.com',
        updatedAt: expect.stringMatching(/Z$/),
      });
      expect(item.variants).toHaveLength(1);
      expect(item.variants[0]).toMatchObject({ title: 'Default Title', price: '197.00', compareAtPrice: null, available: true });
      expect(item.images.every((image) => image.startsWith('https://cdn.shopify.com/'))).toBe(true);
      expect(item.description).not.toMatch(/<|&amp;|\u00a0|split/);
    }
    expect(items.map((item) => item.variants[0]!.sku)).toEqual(['CJMZGGA-01', 'CJPB-01']);
    expect(items.map((item) => item.tags.length)).toEqual([6, 5]);
    expect(items.map((item) => item.images.length)).toEqual([4, 5]);
    expect(items.map((item) => item.publishedAt)).toEqual(['2022-01-28T02:52:27.000Z', '2021-12-21T02:11:24.000Z']);
    expect(result.pagination.hasMore).toBe(true);
  });

  it('follows the .myshopify.com 301 to the primary domain, which answers as storeDomain', async () => {
    const result = asList(
      await runEndpoint(
        shopStoreProductsEndpoint,
        { domain: 'bjj-fanatics.myshopify.com', limit: 2 },
        samples((url) =>
          url.hostname === 'bjj-fanatics.myshopify.com' && url.pathname === '/meta.json'
            ? { status: 301, headers: { location: 'https://bjjfanatics.com/meta.json' } }
            : undefined,
        ),
      ),
    );
    expect((result.items as Product[]).map((item) => item.storeDomain)).toEqual(['bjjfanatics.com', 'bjjfanatics.com']);
    expect((result.items as Product[])[0]!.url).toBe('https://bjjfanatics.com/products/make-z-guard-great-again-by-craig-jones');
  });

  it('reads the Ratio Eight .js: cents to exact decimals, eight variants, no updatedAt', async () => {
    const product = asSingle(
      await runEndpoint(shopProductEndpoint, { url: 'https://tk-narrative.myshopify.com/products/ratio-eight' }, samples()),
    ).data as Product;
    expect(product).toMatchObject({
      id: '6438462785',
      title: 'Ratio Eight',
      productType: null,
      tags: [],
      price: '520.00',
      compareAtPrice: '600.00',
      available: true,
      currency: 'USD',
      storeName: 'tk-narrative',
      updatedAt: null,
      publishedAt: '2016-06-01T02:11:00.000Z',
      createdAt: '2016-06-01T02:26:04.000Z',
    });
    expect(product.variants).toHaveLength(8);
    expect(product.variants[0]).toEqual({
      id: '20230103745',
      title: 'Silver / 220 Volts / Small',
      sku: 'silver220',
      price: '520.00',
      compareAtPrice: '600.00',
      available: true,
      options: ['Silver', '220 Volts', 'Small'],
    });
    expect(product.variants.every((variant) => variant.compareAtPrice === '600.00' && variant.available === true)).toBe(true);
    expect(product.variants.every((variant) => /^(5[2-9]\d|600)\.00$/.test(variant.price ?? ''))).toBe(true);
    expect(product.images).toHaveLength(4);
    expect(product.images.every((image) => image.startsWith('https://cdn.shopify.com/s/files/1/1255/2693/'))).toBe(true);
  });

  it('reads meta.json as a Creator, with the raw extras', async () => {
    const result = asSingle(await runEndpoint(shopStoreEndpoint, { domain: 'some-url.myshopify.com' }, samples()));
    expect(result.data as Creator).toMatchObject({
      platform: 'shopify',
      id: '14910198',
      handle: 'some-url.myshopify.com',
      displayName: 'Some One',
      bio: null,
      url: 'https://some-url.myshopify.com',
      postCount: 7,
      location: 'JP',
      isBusiness: true,
      category: 'store',
      isPrivate: false,
    });
    expect(result.raw).toMatchObject({ currency: 'USD', myshopifyDomain: 'nimasellsshit.myshopify.com', collectionCount: 1 });
  });

  it('reads the sale collection: a sold-out variant, a sold-out product, compare-at prices', async () => {
    const items = asList(await runEndpoint(shopCollectionProductsEndpoint, { url: 'https://bjjfanatics.com/collections/sale' }, samples()))
      .items as Product[];
    expect(items.map((item) => [item.handle, item.price, item.compareAtPrice, item.available])).toEqual([
      ['fanatics-ranked-rash-guard', '39.99', '59.99', true],
      ['closed-guard-fundamentals-dvd', '97.00', '197.00', false],
    ]);
    expect(items[0]!.variants.map((variant) => [variant.title, variant.available, variant.options])).toEqual([
      ['S / Blue', true, ['S', 'Blue']],
      ['M / Blue', false, ['M', 'Blue']],
      ['L / Purple', true, ['L', 'Purple']],
    ]);
    expect(items[1]).toMatchObject({ description: null, tags: [], images: [] });
    expect(items[1]!.variants[0]!.sku).toBeNull();
  });

  it('reads predictive search: price_min, "0.00" compare-at as none, tracking dropped from the url', async () => {
    const items = asList(await runEndpoint(shopSearchEndpoint, { domain: 'bjjfanatics.com', query: 'craig' }, samples()))
      .items as Product[];
    expect(items.map((item) => [item.id, item.price, item.compareAtPrice, item.createdAt])).toEqual([
      ['6647619027042', '197.00', null, null],
      ['6628467703906', '197.00', null, null],
    ]);
    expect(items[0]!.url).toBe('https://bjjfanatics.com/products/make-z-guard-great-again-by-craig-jones');
    expect(items[0]!.variants[0]).toMatchObject({ sku: null, options: [], price: '197.00' });
  });

  it("answers the 429 as upstream_rate_limited with the store's Retry-After", async () => {
    const entry = manifest().find((each) => each.file === 'synthetic_error_429_suggest.json')!;
    const upstream = storeStub((url) =>
      url.href === entry.request.url
        ? { status: entry.response.status, headers: entry.response.headers, body: read(entry.file) }
        : { body: read('synthetic_meta_bjjfanatics.json') },
    );
    const error = await errorOf(runEndpoint(shopSearchEndpoint, { domain: 'bjjfanatics.com', query: 'craig' }, upstream));
    expect(error.code).toBe('upstream_rate_limited');
    expect(error.retryAfter).toBe(2);
  });

  it('answers the locked store as an empty password_protected result', async () => {
    const result = asList(
      await runEndpoint(
        shopStoreProductsEndpoint,
        { domain: 'locked-store.myshopify.com' },
        samples((url) =>
          url.hostname === 'locked-store.myshopify.com'
            ? { status: 302, headers: { location: 'https://locked-store.myshopify.com/password' } }
            : undefined,
        ),
      ),
    );
    expect(result.items).toEqual([]);
    expect(result.emptyReason).toBe('password_protected');
  });

  it('answers a host that is not a store as 400 naming domain, reason not_shopify', async () => {
    const error = await errorOf(
      runEndpoint(
        shopStoreProductsEndpoint,
        { domain: 'www.example.org' },
        samples((url) =>
          url.hostname === 'www.example.org'
            ? { status: 200, headers: { 'content-type': 'text/html' }, body: read('synthetic_not_shopify.html') }
            : undefined,
        ),
      ),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.details).toMatchObject({ param: 'domain', reason: 'not_shopify' });
  });

  it('reads a page of the recorded list at another size without a gap', async () => {
    const upstream = samples(anyPage);
    const first = asList(await runEndpoint(shopStoreProductsEndpoint, { domain: 'bjjfanatics.com', limit: 1 }, upstream));
    const second = asList(
      await runEndpoint(shopStoreProductsEndpoint, { domain: 'bjjfanatics.com', limit: 2, cursor: first.pagination.cursor }, upstream),
    );
    expect([...first.items, ...second.items].map((item) => (item as Product).handle)).toEqual([
      'make-z-guard-great-again-by-craig-jones',
      'power-bottom-by-craig-jones',
    ]);
    expect(second.pagination.hasMore).toBe(false);
  });
});
