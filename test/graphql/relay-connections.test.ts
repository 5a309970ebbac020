import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { startHarness, type Harness } from '../support/gateway.js';

/**
 * Every list is also a Relay cursor connection: paging with first/after walks a list without a
 * gap or a repeat, from the end of a page or from any edge, on root fields and on edges; what
 * the caller sends back is validated before anything is fetched.
 */

const SHELF = booksOnShelf('long', 7);
const ALL_IDS = Object.keys(SHELF);
/** A shelf no other test reads, so its first page is a live fetch, not a cache hit. */
const UNREAD = booksOnShelf('unread', 4, 3000);
const BOOKS = { ...SHELF, ...UNREAD };

const PAGE = `query Page($first: Int, $after: String) {
  bookshelfShelf(shelf: "long", first: $first, after: $after) {
    items { platformId }
    edges { cursor node { platformId } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    pagination { cursor hasMore }
  }
}`;

interface Connection {
  items: { platformId: string }[];
  edges: { cursor: string; node: { platformId: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  pagination: { cursor: string | null; hasMore: boolean };
}

describe('Relay cursor connections', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
    for (const route of booksRoutes(BOOKS)) harness.upstream.on(route);
  });
  afterAll(() => harness?.close());

  const page = async (variables: Record<string, unknown>): Promise<Connection> => {
    const { status, body } = await harness.graphql(PAGE, variables);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    return body.data.bookshelfShelf as Connection;
  };

  it('pages through a list with first/after, ending with hasNextPage false', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const connection: Connection = await page({ first: 3, after });
      expect(connection.items.map((item) => item.platformId)).toEqual(connection.edges.map((edge) => edge.node.platformId));
      expect(connection.pageInfo.startCursor).toBe(connection.edges[0]?.cursor ?? null);
      expect(connection.pageInfo.endCursor).toBe(connection.edges.at(-1)?.cursor ?? null);
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== null);
      seen.push(...connection.edges.map((edge) => edge.node.platformId));
      pages += 1;
      if (!connection.pageInfo.hasNextPage) break;
      expect(pages).toBeLessThan(10);
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(ALL_IDS);
    expect(pages).toBe(3);
  });

  it("resumes right after any edge's item, whatever first follows", async () => {
    const start = await page({ first: 3 });
    for (const [index, edge] of start.edges.entries()) {
      for (const first of [1, 2, 5]) {
        const next = await page({ first, after: edge.cursor });
        expect(next.edges.map((each) => each.node.platformId)).toEqual(ALL_IDS.slice(index + 1, index + 1 + first));
        // The next page's cursors resume too.
        const after = await page({ first: 1, after: next.pageInfo.endCursor });
        expect(after.edges.map((each) => each.node.platformId)).toEqual(ALL_IDS.slice(index + 1 + first, index + 2 + first));
      }
    }
  });

  it('takes a pagination.cursor as after, and keeps limit/cursor working', async () => {
    const first = (
      await harness.graphql('{ bookshelfShelf(shelf: "long", limit: 2) { items { platformId } pagination { cursor hasMore } } }')
    ).body.data.bookshelfShelf;
    expect(first.items.map((item: { platformId: string }) => item.platformId)).toEqual(ALL_IDS.slice(0, 2));
    const next = await page({ first: 2, after: first.pagination.cursor });
    expect(next.edges.map((edge) => edge.node.platformId)).toEqual(ALL_IDS.slice(2, 4));
    const rest = await harness.graphql(
      `{ bookshelfShelf(shelf: "long", limit: 2, cursor: "${first.pagination.cursor}") { items { platformId } } }`,
    );
    expect(rest.body.data.bookshelfShelf.items.map((item: { platformId: string }) => item.platformId)).toEqual(ALL_IDS.slice(2, 4));
  });

  it('charges one live fetch per upstream page, as without first/after', async () => {
    harness.upstream.requests.length = 0;
    const { body } = await harness.graphql('{ bookshelfShelf(shelf: "unread", first: 3) { edges { node { platformId } } } }');
    expect(body.data.bookshelfShelf.edges).toHaveLength(3);
    expect(body.extensions.billing).toMatchObject({ liveFetches: 1, creditsCharged: 1 });
    expect(harness.upstream.requests.length).toBe(1);
  });

  it.each([
    ['a malformed cursor', { first: 2, after: 'gwc1.!!!' }, 'after'],
    ['a cursor that decodes to nothing of ours', { first: 2, after: `gwc1.${Buffer.from('{"a":1}').toString('base64url')}` }, 'after'],
    ['a cursor of another list', { first: 2, after: `gwc1.${Buffer.from('["Book.shelfmates",null,1]').toString('base64url')}` }, 'after'],
    [
      'an offset beyond any page',
      { first: 2, after: `gwc1.${Buffer.from('["bookshelfShelf",null,99999]').toString('base64url')}` },
      'after',
    ],
    ['first beyond the page size bound', { first: 21 }, 'first'],
    ['first below one', { first: 0 }, 'first'],
  ])('refuses %s with invalid_request before fetching', async (_what, variables, param) => {
    harness.upstream.requests.length = 0;
    const { status, body } = await harness.graphql(PAGE, variables);
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: 'invalid_request', http: { status: 400 } });
    expect(body.errors[0].message).toContain(`\`${param}\``);
    expect(harness.upstream.requests.length).toBe(0);
  });

  it('refuses both spellings of the page size or of the start', async () => {
    const size = await harness.graphql('{ bookshelfShelf(shelf: "long", first: 2, limit: 2) { items { platformId } } }');
    expect(size.body.errors[0].extensions.code).toBe('invalid_request');
    expect(size.body.errors[0].message).toContain('`first` and `limit`');
    const start = await harness.graphql('{ bookshelfShelf(shelf: "long", after: "1001", cursor: "1001") { items { platformId } } }');
    expect(start.body.errors[0].message).toContain('`after` and `cursor`');
  });

  it('pages an edge list (Book.shelfmates) with first/after', async () => {
    const query = `query Mates($after: String) { bookshelfBook(id: "1000") { shelfmates(first: 3, after: $after) {
      edges { cursor node { platformId } } pageInfo { hasNextPage endCursor } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const { body } = await harness.graphql(query, { after });
      expect(body.errors).toBeUndefined();
      const connection = body.data.bookshelfBook.shelfmates as Connection;
      seen.push(...connection.edges.map((edge) => edge.node.platformId));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(ALL_IDS);
    const fromMiddle = await harness.graphql(query, { after: null });
    const second = fromMiddle.body.data.bookshelfBook.shelfmates.edges[1].cursor as string;
    const resumed = await harness.graphql(query, { after: second });
    expect(resumed.body.data.bookshelfBook.shelfmates.edges.map((edge: { node: { platformId: string } }) => edge.node.platformId)).toEqual(
      ALL_IDS.slice(2, 5),
    );
    // An upstream page cursor reaches the edge's endpoint through the kit's list loader.
    const fromPageCursor = await harness.graphql(query, { after: ALL_IDS[3] });
    expect(
      fromPageCursor.body.data.bookshelfBook.shelfmates.edges.map((edge: { node: { platformId: string } }) => edge.node.platformId),
    ).toEqual(ALL_IDS.slice(4, 7));
    const wrongList = await harness.graphql(PAGE, { first: 1, after: second });
    expect(wrongList.body.errors[0].extensions.code).toBe('invalid_request');
  });
});
