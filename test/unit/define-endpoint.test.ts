import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpointFlags, type EndpointDeclaration } from '../../src/catalogue/endpoint.js';

const declaration = (path: `/v1/${string}`, names: Partial<EndpointDeclaration> = {}): EndpointDeclaration => ({
  path,
  summary: 's',
  description: 'd',
  params: z.object({}),
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'single', type: 'Post' },
  fetch: async () => ({ data: null, raw: null }),
  ...names,
});

describe('an endpoint declaration', () => {
  it('takes its family and GraphQL field from the path when it does not name them', () => {
    const named = (path: `/v1/${string}`) => {
      const { family, graphqlField } = defineEndpoint(declaration(path));
      return [family, graphqlField];
    };
    expect(named('/v1/bookshelf/shelf')).toEqual(['bookshelf', 'bookshelfShelf']);
    expect(named('/v1/bookshelf/shelf/books')).toEqual(['bookshelf', 'bookshelfShelfBooks']);
    expect(named('/v1/bookshelf/reading-list')).toEqual(['bookshelf', 'bookshelfReadingList']);
    expect(named('/v1/bookshelf/book_notes')).toEqual(['bookshelf', 'bookshelfBookNotes']);
  });

  it('keeps the names it is given', () => {
    const definition = defineEndpoint(declaration('/v1/lookup-isbn', { family: 'bookshelf', graphqlField: 'isbnLookup' }));
    expect([definition.family, definition.graphqlField, definition.path]).toEqual(['bookshelf', 'isbnLookup', '/v1/lookup-isbn']);
  });

  it('keeps everything else of the declaration', () => {
    const given = declaration('/v1/bookshelf/shelf');
    const definition = defineEndpoint(given);
    expect(definition.fetch).toBe(given.fetch);
    expect(definition.params).toBe(given.params);
    expect(definition.summary).toBe('s');
  });
});
