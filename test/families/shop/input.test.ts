import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pagesFor, positionIndex } from '../../../src/families/shop/input/cursor.js';
import { collectionHandleOfPath, handleParam, productHandleOfPath } from '../../../src/families/shop/input/paths.js';

describe('product paths', () => {
  it('read every form of a product page', () => {
    for (const path of [
      '/products/ratio-eight',
      '/products/ratio-eight/',
      '/products/ratio-eight.js',
      '/products/ratio-eight.json',
      '/fr/products/ratio-eight',
      '/en-ca/products/ratio-eight',
      '/collections/coffee/products/ratio-eight',
      '/en-ca/collections/coffee/products/ratio-eight.js',
    ])
      expect(productHandleOfPath(path), path).toBe('ratio-eight');
    expect(productHandleOfPath('/products/caf%C3%A9-noir')).toBe('café-noir');
  });
  it('refuse other paths', () => {
    for (const path of [
      '/products',
      '/products/',
      '/products/a/b',
      '/collections/coffee',
      '/pages/about',
      '/products/%2F',
      '/products/%E0',
      '/english/products/x',
    ])
      expect(productHandleOfPath(path), path).toBeNull();
  });
});

describe('collection paths', () => {
  it('read a collection page, with a locale and a trailing slash', () => {
    expect(collectionHandleOfPath('/collections/sale')).toBe('sale');
    expect(collectionHandleOfPath('/de/collections/sale/')).toBe('sale');
  });
  it('refuse other paths', () => {
    for (const path of ['/collections', '/collections/sale/products/x', '/collections/sale/products.json', '/products/x'])
      expect(collectionHandleOfPath(path), path).toBeNull();
  });
  it('check handle parameters', () => {
    expect(handleParam(' sale ', 'collection')).toBe('sale');
    expect(() => handleParam('a/b', 'handle')).toThrow(/handle/);
    expect(() => handleParam('..', 'collection')).toThrow(/collection/);
  });
});

describe('list cursors', () => {
  const position = { store: 'a.example.com', collection: 'sale', page: 3, pageLimit: 30, offset: 12 };
  it('round-trip on their own list only', () => {
    expect(decodeCursor(encodeCursor(position), 'a.example.com', 'sale')).toEqual(position);
    expect(() => decodeCursor(encodeCursor(position), 'b.example.com', 'sale')).toThrow(/cursor/);
    expect(() => decodeCursor(encodeCursor(position), 'a.example.com', null)).toThrow(/cursor/);
    expect(() => decodeCursor('not a cursor', 'a.example.com', 'sale')).toThrow(/cursor/);
    expect(() => decodeCursor(Buffer.from('[1]').toString('base64url'), 'a.example.com', 'sale')).toThrow(/cursor/);
  });
  it('refuse positions out of bounds', () => {
    for (const bad of [{ pageLimit: 251 }, { offset: 31 }, { page: 0 }, { page: 900, pageLimit: 250 }])
      expect(() => decodeCursor(encodeCursor({ ...position, ...bad }), 'a.example.com', 'sale')).toThrow(/cursor/);
  });
  it('count the items before the position', () => {
    expect(positionIndex(position)).toBe(72);
  });
  it('walk one limit a page at a time, and cover any other window in one or two pages', () => {
    expect(pagesFor(0, 30)).toEqual([{ page: 1, limit: 30, skip: 0 }]);
    expect(pagesFor(60, 30)).toEqual([{ page: 3, limit: 30, skip: 0 }]);
    expect(pagesFor(72, 10)).toEqual([{ page: 1, limit: 250, skip: 72 }]);
    expect(pagesFor(245, 10)).toEqual([
      { page: 1, limit: 250, skip: 245 },
      { page: 2, limit: 250, skip: 0 },
    ]);
  });
});
