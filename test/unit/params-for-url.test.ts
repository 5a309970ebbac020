import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { edgeKitOf } from '../../src/schema/edges/edge-kit.js';
import { BOOKS_HOST, bookshelfFamily } from '../families/bookshelf/family.js';

/**
 * The kit's reading of a link into an endpoint's parameters, on the test family's URL forms: only
 * the forms of the endpoint asked for count, and the endpoint's own validation gives the canonical
 * parameters or refuses, which reads as no link at all.
 */
const kit = edgeKitOf(buildCatalogue([bookshelfFamily]));
const shelf = kit.endpoint('/v1/bookshelf/shelf');
const book = kit.endpoint('/v1/bookshelf/book');
const BOOKS = `https://${BOOKS_HOST}`;

describe('kit.paramsForUrl', () => {
  it("reads a link of one of the endpoint's forms into its canonical parameters, defaults applied", () => {
    expect(kit.paramsForUrl(shelf, `${BOOKS}/shelves/Poetry/title?utm_source=feed`)).toEqual({ shelf: 'poetry', sort: 'title', limit: 10 });
    expect(kit.paramsForUrl(shelf, ` https://www.${BOOKS_HOST}/shelves/poetry/ `)).toEqual({
      shelf: 'poetry',
      sort: 'catalogue',
      limit: 10,
    });
    expect(kit.paramsForUrl(book, `http://${BOOKS_HOST}/books/101/`)).toEqual({ id: '101' });
  });

  it('reads nothing from a page only another endpoint serves', () => {
    expect(kit.paramsForUrl(shelf, `${BOOKS}/books/101`)).toBeNull();
    expect(kit.paramsForUrl(book, `${BOOKS}/shelves/poetry`)).toBeNull();
  });

  it.each([
    ['a shelf name the endpoint refuses', `${BOOKS}/shelves/9lives`],
    ['a page of the host no form reads', `${BOOKS}/shelves/poetry/unknown-tab`],
    ['another host', 'https://elsewhere.example/books/101'],
    ['a look-alike host', `https://${BOOKS_HOST}.evil.example/books/101`],
    ['another scheme', `ftp://${BOOKS_HOST}/books/101`],
    ['no URL', 'books/101'],
    ['nothing', ''],
    ['a URL longer than any page read', `${BOOKS}/books/101?q=${'x'.repeat(2100)}`],
  ])('reads nothing from %s', (_, link) => {
    expect(kit.paramsForUrl(shelf, link)).toBeNull();
    expect(kit.paramsForUrl(book, link)).toBeNull();
  });

  it('reads a page as the one resource it is about when its form names the endpoint as its Node', () => {
    const [, shelfForm] = bookshelfFamily.urlForms!;
    const withNode = { ...shelfForm!, node: { endpoint: '/v1/bookshelf/book' as const, params: () => ({ id: '7' }) } };
    const nodeKit = edgeKitOf(buildCatalogue([{ ...bookshelfFamily, urlForms: [withNode] }]));
    expect(nodeKit.paramsForUrl(book, `${BOOKS}/shelves/poetry`)).toEqual({ id: '7' });
    expect(nodeKit.paramsForUrl(shelf, `${BOOKS}/shelves/poetry`)).toMatchObject({ shelf: 'poetry' });
  });
});
