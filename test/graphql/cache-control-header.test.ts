import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booksRoutes } from '../families/bookshelf/family.js';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { RICH_KEY, type Harness } from '../support/gateway.js';

/**
 * `Cache-Control: max-age=N` on a GraphQL request: the default cacheMaxAge of every call the
 * document makes, including the ones that take no cacheMaxAge argument (node(id:), edges).
 */
describe('Cache-Control on GraphQL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    for (const route of booksRoutes()) harness.upstream.on(route);
  });

  const graphql = async (query: string, cacheControl: string, variables?: Record<string, unknown>) => {
    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        'x-api-key': RICH_KEY,
        'cache-control': cacheControl,
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  const NODE = 'query ($id: ID!) { node(id: $id) { id ... on Book { title } } }';

  it('lets node(id:) refetch from the cache', async () => {
    const listed = await harness.graphql('{ bookshelfShelf(shelf: "poetry") { items { id } } }');
    const id = (listed.body.data.bookshelfShelf.items as { id: string }[])[0]!.id;
    const live = await harness.graphql(NODE, { id });
    expect(live.body.extensions.billing).toMatchObject({ creditsCharged: 1, liveFetches: 1 });
    const requests = harness.upstream.requests.length;

    const hit = await graphql(NODE, 'max-age=3600', { id });
    expect(hit.body.data.node).toEqual(live.body.data.node);
    expect(hit.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 1 });
    expect(harness.upstream.requests.length).toBe(requests);

    const fresh = await graphql(NODE, 'no-cache', { id });
    expect(fresh.body.extensions.billing).toMatchObject({ liveFetches: 1, cacheHits: 0 });
  });

  it('lets an edge read from the cache, and an explicit cacheMaxAge beats the header', async () => {
    const SHELF = '{ bookshelfShelf(shelf: "poetry") { items { title entry { title } } } }';
    const live = await harness.graphql(SHELF);
    expect(live.body.errors).toBeUndefined();
    const calls = live.body.extensions.billing.liveFetches as number;
    expect(calls).toBeGreaterThan(1);
    const requests = harness.upstream.requests.length;

    const hit = await graphql(SHELF, 'max-age=3600');
    expect(hit.body.data).toEqual(live.body.data);
    expect(hit.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: calls });
    expect(harness.upstream.requests.length).toBe(requests);

    // The root field asks for a cached answer itself; without the header its edges fetch live.
    const explicit = await graphql(
      '{ bookshelfShelf(shelf: "poetry", cacheMaxAge: "1h") { items { title entry { title } } } }',
      'no-cache',
    );
    expect(explicit.body.extensions.billing).toEqual({ creditsCharged: calls - 1, liveFetches: calls - 1, cacheHits: 1 });
  });

  it('refuses a malformed header with 400 naming it, before anything is fetched', async () => {
    const refused = await graphql('{ bookshelfShelf(shelf: "poetry") { items { title } } }', 'max-age=soon');
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      message: expect.stringContaining('cache-control'),
      extensions: { code: 'invalid_request' },
    });
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
