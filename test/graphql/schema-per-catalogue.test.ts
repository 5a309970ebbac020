import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/schema/index.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { catalogue } from '../support/registered-catalogue.js';

describe('GraphQL schemas of several catalogues in one process', () => {
  it('builds each catalogue its own schema, once', () => {
    const registered = buildSchema(catalogue);
    const withBookshelf = buildSchema(bookshelfCatalogue);
    expect(withBookshelf).not.toBe(registered);
    expect(buildSchema(catalogue)).toBe(registered);
    const bookshelfFields = Object.keys(withBookshelf.getQueryType()!.getFields()).filter((name) => name.startsWith('bookshelf'));
    expect(bookshelfFields.length).toBeGreaterThan(0);
    expect(Object.keys(registered.getQueryType()!.getFields()).filter((name) => name.startsWith('bookshelf'))).toEqual([]);
    // Shared types are declared anew on each builder, not carried from one schema into the other.
    expect(withBookshelf.getType('Job')).not.toBe(registered.getType('Job'));
    expect(withBookshelf.getType('Node')).not.toBe(registered.getType('Node'));
  });
});
