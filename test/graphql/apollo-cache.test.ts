import { ApolloClient, HttpLink, InMemoryCache, gql, type DocumentNode } from '@apollo/client';
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayTypePolicies, type GatewayTypePolicies } from '../../src/client/index.js';
import { encodeGlobalId } from '../../src/schema/identity/global-id.js';
import { listPolicySpec } from '../../src/client/list-policies.js';
import { BOOKS, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * A client no one here wrote: Apollo Client's InMemoryCache, with the type policies the typed
 * client ships, derived (as `npm run codegen` derives them) from the schema of a gateway that
 * serves the test family. Resources are normalised by their global id; list wrappers stay under
 * their parent.
 */

const BOOK = '101';

const MATE_TITLES = gql`
  query MateTitles($id: String!) {
    bookshelfBook(id: $id) {
      id
      title
      shelfmates {
        pagination {
          cursor
          hasMore
        }
        items {
          id
          platformId
          title
        }
      }
    }
  }
`;
const MATE_SHELVES = gql`
  query MateShelves($id: String!) {
    bookshelfBook(id: $id) {
      id
      shelfmates {
        fetchedAt
        items {
          id
          shelf
          pages
        }
      }
    }
  }
`;

function apollo(harness: Harness, cache: InMemoryCache): ApolloClient {
  return new ApolloClient({ link: new HttpLink({ uri: `${harness.baseUrl}/graphql`, headers: { 'x-api-key': RICH_KEY } }), cache });
}

/** Whether the cache alone can answer `query` in full. */
function completeInCache(cache: InMemoryCache, query: DocumentNode, variables: Record<string, unknown>): boolean {
  return cache.diff({ query, variables, optimistic: false, returnPartialData: true }).complete;
}

describe('Apollo InMemoryCache over the GraphQL door', () => {
  let harness: Harness;
  let shippedPolicies: GatewayTypePolicies;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
    const introspection = await harness.graphql(getIntrospectionQuery());
    shippedPolicies = gatewayTypePolicies(listPolicySpec(buildClientSchema(introspection.body.data as IntrospectionQuery)));
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    for (const route of booksRoutes()) harness.upstream.on(route);
  });

  async function runBoth(cache: InMemoryCache): Promise<void> {
    const client = apollo(harness, cache);
    const first = await client.query<{ bookshelfBook: { shelfmates: { items: { platformId: string }[] } } }>({
      query: MATE_TITLES,
      variables: { id: BOOK },
      fetchPolicy: 'network-only',
    });
    expect(first.data?.bookshelfBook.shelfmates.items.map((item) => item.platformId)).toEqual(['101', '102']);
    await client.query({ query: MATE_SHELVES, variables: { id: BOOK }, fetchPolicy: 'network-only' });
  }

  it('derives policies for the test family as for the shipped ones', () => {
    expect(shippedPolicies.BookList).toEqual({ keyFields: false });
    expect(shippedPolicies.Book?.fields).toEqual({ shelfmates: { merge: true } });
    // The real families' policies are the ones the typed client ships.
    expect(shippedPolicies).toMatchObject(gatewayTypePolicies());
  });

  it('keeps two queries on the same book with different shelfmate selections complete (the shipped type policies)', async () => {
    const cache = new InMemoryCache({ typePolicies: shippedPolicies });
    await runBoth(cache);
    expect(completeInCache(cache, MATE_TITLES, { id: BOOK })).toBe(true);
    expect(completeInCache(cache, MATE_SHELVES, { id: BOOK })).toBe(true);
    const read = cache.readQuery<{ bookshelfBook: { shelfmates: { pagination: { hasMore: boolean }; items: { title: string }[] } } }>({
      query: MATE_TITLES,
      variables: { id: BOOK },
    });
    expect(read?.bookshelfBook.shelfmates.items.map((item) => item.title)).toEqual([BOOKS['101']!.title, BOOKS['102']!.title]);
    expect(read?.bookshelfBook.shelfmates.pagination).toMatchObject({ hasMore: expect.any(Boolean) });
  });

  it('loses the first selection without them: the list wrapper is replaced (why the policies ship)', async () => {
    const cache = new InMemoryCache();
    await runBoth(cache);
    expect(completeInCache(cache, MATE_SHELVES, { id: BOOK })).toBe(true);
    expect(completeInCache(cache, MATE_TITLES, { id: BOOK })).toBe(false);
  });

  it('answers node(id:) with null for an id it did not issue or a resource it cannot fetch again, for free', async () => {
    // The id the gateway gives a resource whose key it derived (no refetch declaration reads it): it identifies, never fetches.
    const derived = encodeGlobalId({ type: 'Book', platform: 'bookshelf', key: '[["id","101"]]', refetchable: false });
    const before = harness.upstream.requests.length;
    for (const id of ['not-an-id', Buffer.from('["Book","bookshelf","101",1,2]').toString('base64url'), derived]) {
      const { body } = await harness.graphql('query ($id: ID!) { node(id: $id) { id } }', { id });
      expect(body.errors).toBeUndefined();
      expect(body.data.node).toBeNull();
      expect(body.extensions.billing.creditsCharged).toBe(0);
    }
    expect(harness.upstream.requests.length).toBe(before);
  });
});
