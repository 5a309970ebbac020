import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountIdFromHash, hashKey } from '../../src/state/key-hash.js';
import { booksOnShelf, booksRoutes, type CatalogueBook } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { follow, sseClient, until, type SseMode } from './sse-client.js';

const WATCH_SHELF = `subscription ($interval: Int!) {
  watchBookshelfShelf(shelf: "watched", limit: 3, intervalSeconds: $interval) { fetchedAt items { id title entry { pages } } }
}`;

const MODES: SseMode[] = ['single', 'distinct'];

/** Batch targets: `count` shelves named after `prefix`, one book each. */
const batchShelves = (count: number, prefix: string) => Array.from({ length: count }, (_unused, index) => `${prefix}${index}`);

describe('GraphQL subscriptions over SSE', () => {
  let harness: Harness;
  /** The catalogue the fake host serves; a test changes a book in place to change the watched shelf. */
  let books: Record<string, CatalogueBook>;
  const requests = (prefix: string) => harness.upstream.requests.filter((request) => request.url.startsWith(prefix)).length;

  beforeAll(async () => {
    harness = await startHarness({ SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', BOOKSHELF_CONCURRENCY: '2' }, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    books = Object.fromEntries(
      [1, 2, 3].map((index) => [`300${index}`, { id: `300${index}`, title: `first ${index}`, shelf: 'watched', pages: 10 * index }]),
    );
    for (const [index, shelf] of [...batchShelves(4, 'ssesingle'), ...batchShelves(4, 'ssedistinct')].entries())
      Object.assign(books, booksOnShelf(shelf, 1, 5000 + index));
    harness.upstream.reset();
    for (const route of booksRoutes(books)) harness.upstream.on(route);
  });

  describe('authentication (x-api-key, 401 with the spec codes)', () => {
    it('refuses /graphql/stream without a key or with an unknown one, in both modes', async () => {
      const reserve = await fetch(`${harness.baseUrl}/graphql/stream`, { method: 'PUT' });
      expect(reserve.status).toBe(401);
      expect((await reserve.json()).errors[0].extensions).toMatchObject({ code: 'missing_api_key', http: { status: 401 } });

      const distinct = await fetch(`${harness.baseUrl}/graphql/stream`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'x-api-key': 'sk_test_unknown_1' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(distinct.status).toBe(401);
      expect((await distinct.json()).errors[0].extensions.code).toBe('invalid_api_key');

      for (const mode of MODES) {
        const failure = await follow(sseClient(harness.baseUrl, null, mode), WATCH_SHELF, { interval: 60 })
          .take(1)
          .catch((error: unknown) => error);
        expect(failure, mode).toBeInstanceOf(Error);
      }
    });

    it('scopes a reserved stream token to the key that reserved it', async () => {
      const reserve = await fetch(`${harness.baseUrl}/graphql/stream`, { method: 'PUT', headers: { 'x-api-key': RICH_KEY } });
      expect(reserve.status).toBe(201);
      const token = await reserve.text();
      expect(token.startsWith(`${accountIdFromHash(hashKey(RICH_KEY))}:`)).toBe(true);
      const start = (key: string) =>
        fetch(`${harness.baseUrl}/graphql/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-graphql-event-stream-token': token },
          body: JSON.stringify({ query: '{ __typename }', extensions: { operationId: 'op1' } }),
        });
      expect((await start(POOR_KEY)).status).toBe(404);
      expect((await start(RICH_KEY)).status).toBe(202);
    });
  });

  for (const mode of MODES) {
    it(`streams jobProgress to the end (${mode === 'single' ? 'single connection, /graphql/stream' : 'distinct connections, /graphql'})`, async () => {
      const created = await harness.graphql(
        `mutation ($targets: [JSON!]!) { createBatch(endpoint: "/v1/bookshelf/shelf", targets: $targets) { id } }`,
        { targets: batchShelves(4, `sse${mode}`).map((shelf) => ({ shelf })) },
      );
      const { id } = created.body.data.createBatch;
      const client = sseClient(harness.baseUrl, RICH_KEY, mode);
      const results = await follow(
        client,
        `subscription ($id: ID!) { jobProgress(id: $id) { status progress { total done } creditsCharged } }`,
        { id },
      ).rest();
      client.dispose();
      expect(results.at(-1)!.data!.jobProgress).toMatchObject({ status: 'SUCCEEDED', progress: { total: 4, done: 4 }, creditsCharged: 4 });

      // Another key's job is not_found: an error event on the shared stream, an HTTP 404 from Yoga on a stream of its own.
      const foreign = await follow(
        sseClient(harness.baseUrl, POOR_KEY, mode),
        `subscription ($id: ID!) { jobProgress(id: $id) { status } }`,
        { id },
      )
        .rest()
        .catch((error: Error) => [{ errors: [{ extensions: { code: /404/.test(error.message) ? 'not_found' : error.message } }] }]);
      expect(foreign[0]!.errors![0]!.extensions).toMatchObject({ code: 'not_found' });
    });
  }

  for (const mode of MODES) {
    it(`watchBookshelfShelf sends the first result, nothing while unchanged, then the change with fresh edges, billed per event (${mode})`, async () => {
      const key = `sk_test_watch_${mode}`;
      await harness.gateway.state.keys.seed(key, 100, null);
      const client = sseClient(harness.baseUrl, key, mode);
      const stream = follow(client, WATCH_SHELF, { interval: 1 });

      const [first] = await stream.take(1);
      expect(first!.errors).toBeUndefined();
      expect(first!.data!.watchBookshelfShelf.items.map((item: any) => [item.title, item.entry.pages])).toEqual([
        ['first 1', 10],
        ['first 2', 20],
        ['first 3', 30],
      ]);
      // The shelf and three entries, each a live fetch charged 1 credit, as the query field would be.
      expect(first!.extensions!.billing).toEqual({ creditsCharged: 4, liveFetches: 4, cacheHits: 0 });

      // Two unchanged checks: nothing is sent and nothing is charged.
      await until(() => requests('/shelves/watched.json') >= 3);
      books['3002'] = { ...books['3002']!, title: 'changed 2' };
      const [second] = await stream.take(1);
      await stream.stop();
      client.dispose();
      expect(second!.data!.watchBookshelfShelf.items.map((item: any) => item.title)).toEqual(['first 1', 'changed 2', 'first 3']);
      // The change (1 credit) and the entries again: the loaders are fresh for every event.
      expect(second!.extensions!.billing).toEqual({ creditsCharged: 4, liveFetches: 4, cacheHits: 0 });
      expect(requests('/books/')).toBe(6);
      const usage = await harness.gateway.state.ledger.usage(accountIdFromHash(hashKey(key)), null);
      expect(usage.balance).toBe(100 - 8);
    });
  }

  it('ends a watch with insufficient_credits when a change cannot be paid for', async () => {
    const key = 'sk_test_watch_one';
    await harness.gateway.state.keys.seed(key, 1, null);
    const client = sseClient(harness.baseUrl, key, 'single');
    const stream = follow(
      client,
      `subscription { watchBookshelfShelf(shelf: "watched", limit: 3, intervalSeconds: 1) { items { title } } }`,
    );
    const [first] = await stream.take(1);
    expect(first!.extensions!.billing!.creditsCharged).toBe(1);
    books['3001'] = { ...books['3001']!, title: 'changed 1' };
    const rest = await stream.rest();
    client.dispose();
    expect(rest).toHaveLength(1);
    expect(rest[0]!.errors![0]!.extensions).toMatchObject({ code: 'insufficient_credits', http: { status: 402 } });
    expect((await harness.gateway.state.ledger.usage(accountIdFromHash(hashKey(key)), null)).balance).toBe(0);
  });

  it('validates watch arguments with the query fields’ schemas and SUBSCRIPTION_MIN_INTERVAL_SECONDS..3600', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'single');
    const tooLong = await follow(
      client,
      `subscription { watchBookshelfShelf(shelf: "watched", intervalSeconds: 3601) { fetchedAt } }`,
    ).rest();
    expect(tooLong[0]!.errors![0]!.extensions).toMatchObject({ code: 'invalid_request', param: 'intervalSeconds' });
    const badName = await follow(
      client,
      `subscription { watchBookshelfShelf(shelf: "bad name!", intervalSeconds: 60) { fetchedAt } }`,
    ).rest();
    expect(badName[0]!.errors![0]!.extensions).toMatchObject({ code: 'invalid_request', details: { param: 'shelf' } });
    const badSort = await follow(
      client,
      `subscription { watchBookshelfShelf(shelf: "watched", sort: SIDEWAYS, intervalSeconds: 60) { fetchedAt } }`,
    ).rest();
    // `sort` is an enum: a value outside it fails document validation, as invalid_request.
    expect(badSort[0]!.errors![0]!.extensions).toMatchObject({ code: 'invalid_request', graphqlCode: 'GRAPHQL_VALIDATION_FAILED' });
    // The platform shows its block page: the first result fails, and the stream ends with its code.
    harness.upstream.reset();
    harness.upstream.on((_request, url) =>
      url.pathname === '/shelves/closed.json' ? { status: 200, body: '<html><body>The shelves are closed.</body></html>' } : undefined,
    );
    const blocked = await follow(client, `subscription { watchBookshelfShelf(shelf: "closed", intervalSeconds: 60) { fetchedAt } }`).rest();
    client.dispose();
    expect(blocked.at(-1)!.errors![0]!.extensions).toMatchObject({ code: 'upstream_blocked' });
  });

  it('answers queries on /graphql/stream with extensions.billing, like /graphql', async () => {
    const client = sseClient(harness.baseUrl, RICH_KEY, 'single');
    const [result] = await follow(client, `{ bookshelfShelf(shelf: "watched", limit: 3) { items { id } } }`).rest();
    client.dispose();
    expect(result!.data!.bookshelfShelf.items).toHaveLength(3);
    expect(result!.extensions!.billing).toEqual({ creditsCharged: 1, liveFetches: 1, cacheHits: 0 });
  });
});
