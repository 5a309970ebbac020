import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * What the frontend libraries require of a cursor connection, checked on the printed schema
 * (the Relay Cursor Connections specification, which relay-compiler's `@connection` enforces),
 * and Apollo Client's relayStylePagination() merging two pages the gateway served.
 */

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

const typeText = (type: GraphQLOutputType | GraphQLInputType): string => String(type);
const objectFields = (type: GraphQLObjectType) => type.getFields();

/** Every field of the schema whose (named) type is a list wrapper, and that type. */
function connectionFields(): { owner: string; field: GraphQLField<unknown, unknown>; type: GraphQLObjectType }[] {
  const found = [];
  for (const owner of Object.values(schema.getTypeMap())) {
    if (!isObjectType(owner) || owner.name.startsWith('__')) continue;
    for (const field of Object.values(owner.getFields())) {
      const type = getNamedType(field.type);
      if (isObjectType(type) && 'items' in type.getFields() && 'pagination' in type.getFields())
        found.push({ owner: owner.name, field, type });
    }
  }
  return found;
}

describe('the printed schema follows the Relay Cursor Connections specification', () => {
  const fields = connectionFields();

  it('finds the list fields (root fields, edges and watch fields)', () => {
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.some(({ owner }) => owner === 'Query')).toBe(true);
    expect(fields.some(({ owner }) => owner !== 'Query' && owner !== 'Subscription')).toBe(true);
  });

  it('gives every list type edges { cursor node } and pageInfo: PageInfo!', () => {
    for (const { type } of fields) {
      const { edges, pageInfo } = objectFields(type);
      expect(edges, `${type.name}.edges`).toBeDefined();
      // edges: a list of edge objects (the spec allows nullable wrappers; these are non-null).
      const list = getNullableType(edges!.type);
      expect(isListType(list), `${type.name}.edges is a list`).toBe(true);
      const edge = getNamedType(edges!.type) as GraphQLObjectType;
      expect(isObjectType(edge)).toBe(true);
      const { cursor, node } = edge.getFields();
      expect(cursor && typeText(cursor.type), `${edge.name}.cursor`).toBe('String!');
      expect(node, `${edge.name}.node`).toBeDefined();
      expect(isListType(getNullableType(node!.type)), `${edge.name}.node is not a list`).toBe(false);
      expect(getNamedType(node!.type)).toBe(getNamedType(objectFields(type).items!.type));
      expect(pageInfo && typeText(pageInfo.type), `${type.name}.pageInfo`).toBe('PageInfo!');
    }
  });

  it('defines PageInfo as the spec does', () => {
    const pageInfo = schema.getType('PageInfo') as GraphQLObjectType;
    const shape = Object.fromEntries(Object.values(pageInfo.getFields()).map((field) => [field.name, typeText(field.type)]));
    expect(shape).toEqual({ hasNextPage: 'Boolean!', hasPreviousPage: 'Boolean!', startCursor: 'String', endCursor: 'String' });
  });

  it('gives every list field of a query first: Int and after: String', () => {
    for (const { owner, field } of fields.filter((each) => each.owner !== 'Subscription')) {
      const args = Object.fromEntries(field.args.map((arg) => [arg.name, typeText(arg.type)]));
      expect({ first: args.first, after: args.after }, `${owner}.${field.name}`).toEqual({ first: 'Int', after: 'String' });
      expect(isNonNullType(field.args.find((arg) => arg.name === 'first')!.type)).toBe(false);
    }
  });
});

describe("Apollo Client's relayStylePagination() over the gateway", () => {
  const SHELF = booksOnShelf('merged', 5, 4000);
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
    for (const route of booksRoutes(SHELF)) harness.upstream.on(route);
  });
  afterAll(() => harness?.close());

  it('merges two pages fetched with first/after into one list', async () => {
    const cache = new InMemoryCache({ typePolicies: { Query: { fields: { bookshelfShelf: relayStylePagination(['shelf']) } } } });
    const client = new ApolloClient({
      link: new HttpLink({ uri: `${harness.baseUrl}/graphql`, headers: { 'x-api-key': RICH_KEY } }),
      cache,
    });
    const query = gql`
      query MergedShelf($first: Int, $after: String) {
        bookshelfShelf(shelf: "merged", first: $first, after: $after) {
          edges {
            cursor
            node {
              id
              platformId
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    `;
    const first = await client.query({ query, variables: { first: 3 } });
    const firstPage = first.data as { bookshelfShelf: { pageInfo: { endCursor: string; hasNextPage: boolean } } };
    expect(firstPage.bookshelfShelf.pageInfo.hasNextPage).toBe(true);
    // As fetchMore does: the next page from the network, merged by the field policy.
    await client.query({ query, variables: { first: 3, after: firstPage.bookshelfShelf.pageInfo.endCursor }, fetchPolicy: 'network-only' });
    const merged = cache.readQuery<{
      bookshelfShelf: { edges: { node: { platformId: string } }[]; pageInfo: { hasNextPage: boolean } };
    }>({ query, variables: { first: 3 } });
    expect(merged!.bookshelfShelf.edges.map((edge) => edge.node.platformId)).toEqual(Object.keys(SHELF));
    expect(merged!.bookshelfShelf.pageInfo.hasNextPage).toBe(false);
    client.stop();
  });
});
