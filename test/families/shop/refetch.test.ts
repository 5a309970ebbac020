import { describe, expect, it } from 'vitest';
import { itRefetches, refetchRegistry as registry } from '../../support/refetch-cases.js';

/** The shop family's refetch declaration: a product, found again by its store and its handle. */
describe('shop refetch declarations', () => {
  itRefetches([
    {
      type: 'Product',
      resource: { platform: 'shopify', id: '7001', storeDomain: 'harbour-tea.example.com', handle: 'sencha-tin' },
      endpoint: '/v1/shop/product',
      params: { domain: 'harbour-tea.example.com', handle: 'sencha-tin' },
    },
  ]);

  it('names no product by a key without a store, without a handle, or of more than two parts', () => {
    const product = registry.declaration('Product', 'shopify')!;
    expect(['sencha-tin', '/sencha-tin', 'harbour-tea.example.com/', 'a.example.com/b/c'].map((key) => product.fetch(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
