import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/model/commerce.js';
import { listChanges, productChanges } from '../../../src/families/shop/watch/changes.js';
import { productFromListItem } from '../../../src/families/shop/normalise/product.js';
import { listItem } from './fixtures/items.js';

const store = { storeDomain: 'harbour-tea.example.com', storeName: null, currency: null, fetchedAt: 'T' };
const product = (overrides: Record<string, unknown> = {}): Product => productFromListItem(listItem(overrides), store)!;
const variants = listItem().variants;

describe('product changes', () => {
  it('report a price drop and a variant selling out, per variant, without product-level price entries', () => {
    const after = product({
      variants: [{ ...variants[0], price: '10.00', available: false }, variants[1]],
    });
    expect(productChanges(product(), after)).toEqual([
      { productId: '7001', variantId: '8001', field: 'price', from: '12.50', to: '10.00' },
      { productId: '7001', variantId: '8001', field: 'available', from: true, to: false },
    ]);
  });
  it('report the title, compare-at prices, variants added and removed', () => {
    const after = product({
      title: 'Sencha Tin (new)',
      variants: [
        { ...variants[1], compare_at_price: null, title: '100 grams' },
        { ...variants[0], id: 8003, title: '200 g' },
      ],
    });
    expect(productChanges(product(), after)).toEqual([
      { productId: '7001', variantId: null, field: 'title', from: 'Sencha Tin', to: 'Sencha Tin (new)' },
      { productId: '7001', variantId: '8002', field: 'compareAtPrice', from: '25.00', to: null },
      { productId: '7001', variantId: '8002', field: 'title', from: '100 g', to: '100 grams' },
      { productId: '7001', variantId: '8003', field: 'variant', from: null, to: '200 g' },
      { productId: '7001', variantId: '8001', field: 'variant', from: '50 g', to: null },
    ]);
  });
  it('find nothing in fields a subscriber does not watch', () => {
    expect(productChanges(product(), product({ updated_at: '2025-01-01T00:00:00Z', tags: ['x'] }))).toEqual([]);
  });
});

describe('list changes', () => {
  it('report products added and removed, and changes of the ones kept', () => {
    const kept = product();
    const gone = product({ id: 7100, title: 'Gone' });
    const added = product({ id: 7200, title: 'Added' });
    const cheaper = product({ variants: [{ ...variants[0], price: '11.00' }, variants[1]] });
    expect(listChanges([kept, gone], [added, cheaper])).toEqual([
      { productId: '7200', variantId: null, field: 'product', from: null, to: 'Added' },
      { productId: '7001', variantId: '8001', field: 'price', from: '12.50', to: '11.00' },
      { productId: '7100', variantId: null, field: 'product', from: 'Gone', to: null },
    ]);
  });
});
