import { describe, expect, it } from 'vitest';
import { descriptionText } from '../../../src/families/shop/normalise/html-text.js';
import { lowest, moneyFromCents, moneyFromDecimal } from '../../../src/families/shop/normalise/money.js';
import { productFromAjax, productFromListItem, productFromSuggestion } from '../../../src/families/shop/normalise/product.js';
import { storeCreator, storeMetaOf } from '../../../src/families/shop/normalise/store.js';
import { utcTime } from '../../../src/families/shop/normalise/times.js';
import { META, ajaxProduct, listItem, suggestion } from './fixtures/items.js';

const store = {
  storeDomain: 'harbour-tea.example.com',
  storeName: 'Harbour Tea Co',
  currency: 'NZD',
  fetchedAt: '2026-01-01T00:00:00.000Z',
};

describe('money', () => {
  it('reads cents with integer arithmetic, zero-decimal currencies included', () => {
    expect(moneyFromCents(52000)).toBe('520.00');
    expect(moneyFromCents(432000)).toBe('4320.00');
    expect(moneyFromCents(5)).toBe('0.05');
    expect(moneyFromCents(0)).toBe('0.00');
    expect(moneyFromCents(9007199254740991)).toBe('90071992547409.91');
  });
  it('refuses cents that are not whole, safe and non-negative', () => {
    for (const value of [12.5, -1, 2 ** 60, '100', null, Number.NaN]) expect(moneyFromCents(value)).toBeNull();
  });
  it('keeps decimal strings exactly, with two decimals at least', () => {
    expect(moneyFromDecimal('197.00')).toBe('197.00');
    expect(moneyFromDecimal('19.5')).toBe('19.50');
    expect(moneyFromDecimal('7')).toBe('7.00');
    expect(moneyFromDecimal('0012.3400')).toBe('12.34');
    expect(moneyFromDecimal('0.105')).toBe('0.105');
    expect(moneyFromDecimal('99999999999999.99')).toBe('99999999999999.99');
  });
  it('refuses anything that is not a plain non-negative decimal', () => {
    for (const value of ['-1.00', '1e3', '1,00', '', '.5', '1.1234567', 19.5, null]) expect(moneyFromDecimal(value)).toBeNull();
  });
  it('compares prices exactly, where floats would not', () => {
    expect(lowest(['0.30', '0.3', null, '0.29999999'.slice(0, 6)])).toBe('0.2999');
    expect(lowest(['90071992547409.93', '90071992547409.92'])).toBe('90071992547409.92');
    expect(lowest([null])).toBeNull();
  });
});

describe('description text', () => {
  it('drops tags and comments, ends lines at blocks, decodes entities and collapses spaces', () => {
    expect(descriptionText(listItem().body_html)).toBe('Green & fresh\nSteamed leaves, picked in May.\n50 g\n100 g');
    expect(descriptionText('<iframe src="x"></iframe><p>A&#x27;s <b>bold</b>&#8212;<br>next</p>')).toBe("A's bold\u2014\nnext");
    expect(descriptionText('<p> </p>')).toBeNull();
    expect(descriptionText(null)).toBeNull();
  });
});

describe('times', () => {
  it('are UTC', () => {
    expect(utcTime('2022-01-27T21:52:27-05:00')).toBe('2022-01-28T02:52:27.000Z');
    expect(utcTime('yesterday')).toBeNull();
    expect(utcTime(1643338347)).toBeNull();
  });
});

describe('products.json items', () => {
  it('map every field, prices from the variants', () => {
    const product = productFromListItem(listItem(), store)!;
    expect(product).toEqual({
      platform: 'shopify',
      id: '7001',
      handle: 'sencha-tin',
      url: 'https://harbour-tea.example.com/products/sencha-tin',
      title: 'Sencha Tin',
      vendor: 'Harbour Tea Co',
      productType: null,
      tags: ['green', 'Japan'],
      description: 'Green & fresh\nSteamed leaves, picked in May.\n50 g\n100 g',
      price: '12.50',
      compareAtPrice: '25.00',
      currency: 'NZD',
      available: true,
      variants: [
        { id: '8001', title: '50 g', sku: 'SEN-50', price: '12.50', compareAtPrice: null, available: true, options: ['50 g'] },
        { id: '8002', title: '100 g', sku: null, price: '22.00', compareAtPrice: '25.00', available: false, options: ['100 g'] },
      ],
      images: ['https://cdn.example.net/sencha.jpg?v=1', 'https://cdn.example.net/sencha-2.jpg'],
      createdAt: '2024-02-27T23:30:00.000Z',
      updatedAt: '2024-03-04T19:15:00.000Z',
      publishedAt: '2024-02-29T20:00:00.000Z',
      storeDomain: 'harbour-tea.example.com',
      storeName: 'Harbour Tea Co',
      fetchedAt: '2026-01-01T00:00:00.000Z',
    });
  });
  it('is sold out when every variant is, and splits a comma-separated tags string', () => {
    const product = productFromListItem(
      listItem({ tags: ' a, b ,,c', variants: [{ id: 1, title: 'x', price: '3.00', compare_at_price: '0.00', available: false }] }),
      store,
    )!;
    expect(product.available).toBe(false);
    expect(product.compareAtPrice).toBeNull();
    expect(product.tags).toEqual(['a', 'b', 'c']);
  });
  it('is no product without an id or a handle, and reads odd fields as absent', () => {
    expect(productFromListItem(listItem({ id: 'x' }), store)).toBeNull();
    expect(productFromListItem(listItem({ handle: 'a/b' }), store)).toBeNull();
    expect(productFromListItem('item', store)).toBeNull();
    const odd = productFromListItem(listItem({ title: 5, tags: null, variants: 'none', images: [{ src: 'javascript:x' }] }), store)!;
    expect([odd.title, odd.tags, odd.variants, odd.images, odd.price, odd.available]).toEqual([null, [], [], [], null, null]);
  });
});

describe('the Ajax .js product', () => {
  it('reads cents, the product availability, protocol-relative images and no updatedAt', () => {
    const product = productFromAjax(ajaxProduct(), { ...store, currency: 'JPY' })!;
    expect(product.price).toBe('4320.00');
    expect(product.compareAtPrice).toBe('6000.00');
    expect(product.available).toBe(true);
    expect(product.productType).toBe('Teaware');
    expect(product.images).toEqual(['https://cdn.example.net/kettle.png?v=2']);
    expect(product.updatedAt).toBeNull();
    expect(product.variants.map((variant) => [variant.price, variant.compareAtPrice, variant.options])).toEqual([
      ['5600.05', '6000.00', ['Black']],
      ['4320.00', null, ['Red']],
    ]);
  });
  it('never takes a selling-plan price as the price', () => {
    const product = productFromAjax(
      ajaxProduct({
        selling_plan_allocations: [{ price: 100 }],
        variants: [{ id: 1, price: 2000, selling_plan_allocations: [{ price: 1000 }] }],
      }),
      store,
    )!;
    expect(product.price).toBe('20.00');
  });
});

describe('predictive search items', () => {
  it('take price_min, a "0.00" compare-at as none, variants without sku or options, no times', () => {
    const product = productFromSuggestion(suggestion(), store)!;
    expect(product).toMatchObject({
      id: '7003',
      url: 'https://harbour-tea.example.com/products/hojicha',
      vendor: null,
      productType: 'Tea',
      tags: ['roasted', 'green'],
      description: 'Roasted.',
      price: '9.90',
      compareAtPrice: null,
      available: false,
      images: ['https://cdn.example.net/hojicha.jpg'],
      createdAt: null,
      updatedAt: null,
      publishedAt: null,
    });
    expect(product.variants).toEqual([
      { id: '8101', title: 'Default Title', sku: null, price: '9.90', compareAtPrice: null, available: false, options: [] },
    ]);
  });
});

describe('meta.json', () => {
  it('is the store as a Creator', () => {
    const meta = storeMetaOf(META)!;
    expect(meta).toMatchObject({
      currency: 'NZD',
      name: 'Harbour Tea Co',
      collectionCount: 2,
      myshopifyDomain: 'harbour-tea.myshopify.com',
    });
    expect(storeCreator(meta, 'harbour-tea.example.com', 'T')).toEqual({
      platform: 'shopify',
      id: '5550001',
      handle: 'harbour-tea.example.com',
      displayName: 'Harbour Tea Co',
      bio: null,
      avatarUrl: null,
      bannerUrl: null,
      url: 'https://harbour-tea.example.com',
      verified: null,
      followerCount: null,
      followingCount: null,
      postCount: 3,
      viewCount: null,
      isPrivate: false,
      isBusiness: true,
      category: 'store',
      location: 'NZ',
      externalLinks: [],
      createdAt: null,
      fetchedAt: 'T',
    });
  });
  it('without an id is not a store, and an odd currency is null', () => {
    expect(storeMetaOf({ name: 'x' })).toBeNull();
    expect(storeMetaOf([])).toBeNull();
    expect(storeMetaOf({ id: 1, currency: 'dollars' })?.currency).toBeNull();
  });
});
