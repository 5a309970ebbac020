import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { startHarness, type Harness } from '../support/gateway.js';

/** node(id:) refetches through the resource's own endpoint: billed, and cached, like that endpoint (on the test family). */
describe('node(id:) through the pipeline', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    for (const route of booksRoutes()) harness.upstream.on(route);
  });

  const globalId = (key: string) => Buffer.from(JSON.stringify(['Book', 'bookshelf', key, 1])).toString('base64url');
  const NODE = 'query ($id: ID!) { node(id: $id) { __typename id ... on Book { platformId title } } }';

  it('refetches a book by its global id, billed and cached like its endpoint', async () => {
    const listed = await harness.graphql('{ bookshelfShelf(shelf: "poetry") { items { id platformId title } } }');
    expect(listed.body.errors).toBeUndefined();
    const [, ferries] = listed.body.data.bookshelfShelf.items as { id: string; platformId: string }[];

    const live = await harness.graphql(NODE, { id: ferries!.id });
    expect(live.body.data.node).toEqual({ __typename: 'Book', id: ferries!.id, platformId: '102', title: 'Night Ferries' });
    expect(live.body.extensions.billing).toMatchObject({ creditsCharged: 1, liveFetches: 1 });

    // The refetch went through /v1/bookshelf/book and was kept: that endpoint's root field with cacheMaxAge hits it, free.
    const requests = harness.upstream.requests.length;
    const cached = await harness.graphql('{ bookshelfBook(id: "102", cacheMaxAge: "1h") { id title } }');
    expect(cached.body.data.bookshelfBook).toEqual({ id: ferries!.id, title: 'Night Ferries' });
    expect(cached.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 1 });
    expect(harness.upstream.requests.length).toBe(requests);
  });

  it('takes the id alone, as Relay refetches a Node: another argument is refused before any fetch', async () => {
    const { body } = await harness.graphql('query ($id: ID!) { node(id: $id, cacheMaxAge: "1h") { id } }', { id: globalId('101') });
    expect(body.errors[0].message).toContain('cacheMaxAge');
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('answers null for a resource that is gone', async () => {
    const listed = await harness.graphql('query ($id: ID!) { node(id: $id) { id } }', { id: globalId('999') });
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.node).toBeNull();
  });
});
