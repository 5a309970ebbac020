import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKS, booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { follow, sseClient } from '../graphql/sse-client.js';

/**
 * GraphQL abuse limits (SECURITY.md): every abusive document is refused before anything
 * runs (400 invalid_request, 0 credits, no upstream request), and every reasonable one,
 * including the introspection GraphiQL sends, is served with its cost estimate in
 * extensions.cost, never below what it really fetched.
 */

const times = (count: number, make: (index: number) => string) => Array.from({ length: count }, (_unused, index) => make(index)).join(' ');
/**
 * `{ a { a { … } } }` through Book.shelfmates/items: two levels per round. A shelfmates page holds
 * up to 10 books, so a round costs 1 fetch plus 10 times what the round inside it costs.
 */
const matesChain = (rounds: number, leaf = 'id'): string =>
  rounds === 0 ? leaf : `shelfmates { items { ${matesChain(rounds - 1, leaf)} } }`;
/** A page of `limit` books (up to 20), each with three rounds of shelfmates and their entries: 1 + 20 × 111. */
const fanOut = (limit = '20') => `bookshelfShelf(shelf: "synthetic", limit: ${limit}) { items { ${matesChain(2, 'entry { id }')} } }`;

/** The first abusive document as a watch: the same fields, the same cost. */
const WATCH_FAN_OUT = `watchBookshelfShelf(shelf: "synthetic", limit: 20, intervalSeconds: 60) { items { ${matesChain(2, 'entry { id }')} } }`;

interface Abusive {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** A fragment of the message, or null when graphql-js's own rule (not ours) refuses it. */
  message: RegExp | null;
}

const ABUSIVE: Abusive[] = [
  {
    name: 'entries of the shelfmates of the shelfmates of 20 books',
    query: `{ ${fanOut()} }`,
    message: /up to 2221 upstream fetches and the limit is 500/,
  },
  {
    name: 'the same fan-out hidden in named fragments',
    query: `{ bookshelfShelf(shelf: "synthetic", limit: 20) { ...Page } }
      fragment Page on BookList { items { ...Mates } }
      fragment Mates on Book { shelfmates { items { ...TheirMates } } }
      fragment TheirMates on Book { shelfmates { items { entry { id } } } }`,
    message: /up to 2221 upstream fetches/,
  },
  {
    name: 'the same fan-out in inline fragments',
    query:
      '{ bookshelfShelf(shelf: "synthetic", limit: 20) { ... on BookList { items { ... on Book { shelfmates { ... on BookList { items { shelfmates { items { entry { id } } } } } } } } } } }',
    message: /up to 2221 upstream fetches/,
  },
  {
    name: 'a page size given by a variable',
    query: `query ($n: Int) { ${fanOut('$n')} }`,
    variables: { n: 5 },
    message: /up to 556 upstream fetches/,
  },
  {
    // 1 + 20 × (21 + 12): refused only because the variable's default (20), not the field's (10), is read.
    name: 'a page size taken from a variable default',
    query:
      'query ($n: Int = 20) { bookshelfShelf(shelf: "synthetic", limit: $n) { items { shelfmates { items { entry { id } shelfmates { items { id } } } } entry { shelfmates { items { entry { id } } } } } } }',
    message: /up to 661 upstream fetches/,
  },
  {
    name: 'four rounds of shelfmates of one book',
    query: `{ bookshelfBook(id: "101") { ${matesChain(4)} } }`,
    message: /up to 1112 upstream fetches/,
  },
  {
    // 30 × 24: each alias is cheap, their sum is not.
    name: 'cost spread over many cheap aliases',
    query: `{ ${times(30, (index) => `b${index}: bookshelfBook(id: "${index + 1}") { shelfmates { items { entry { id } } } entry { shelfmates { items { entry { id } } } } }`)} }`,
    message: /up to 720 upstream fetches/,
  },
  {
    name: 'depth through the graph',
    query: `{ bookshelfBook(id: "101") { ${matesChain(9)} } }`,
    message: /Query depth limit of 15 exceeded, found 20/,
  },
  {
    name: 'depth hidden in a chain of fragments',
    query: `{ bookshelfBook(id: "101") { ...L1 } } ${times(7, (index) => `fragment L${index + 1} on Book { shelfmates { items { ${index === 6 ? 'id' : `...L${index + 2}`} } } }`)}`,
    message: /Query depth limit of 15 exceeded/,
  },
  {
    name: 'deep introspection through ofType',
    query: `{ __schema { types { ${'ofType { '.repeat(16)}name${' }'.repeat(16)} } } }`,
    message: /Query depth limit of 15 exceeded/,
  },
  {
    name: 'introspection fields of fields of fields',
    query: '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }',
    message: null,
  },
  {
    name: '31 aliases of __typename',
    query: `{ ${times(31, (index) => `a${index}: __typename`)} }`,
    message: /Aliases limit of 30 exceeded, found 31/,
  },
  {
    name: '40 aliased root fields',
    query: `{ ${times(40, (index) => `b${index}: bookshelfBook(id: "${index + 1}") { id }`)} }`,
    message: /Aliases limit of 30 exceeded/,
  },
  {
    name: 'one field repeated 150 times',
    query: `{ ${times(150, () => '__typename')} }`,
    message: /Query breadth limit of 100 exceeded, found 150/,
  },
  {
    name: 'a fragment bomb (3^12 fields from a few hundred bytes)',
    query: `{ ...F12 } fragment F0 on Query { __typename } ${times(12, (index) => `fragment F${index + 1} on Query { ...F${index} ...F${index} ...F${index} }`)}`,
    message: /Query breadth limit of 100 exceeded, found 531441/,
  },
  { name: 'more than 2000 tokens', query: `{ bookshelfBook(id: "1") { ${times(2100, () => 'id')} } }`, message: /more than 2000 tokens/ },
  { name: '60 directives', query: `{ ${times(60, () => '__typename @include(if: true)')} }`, message: /Directives limit of 50 exceeded/ },
];

const ACCEPTABLE: { name: string; query: string; variables?: Record<string, unknown>; cost: number }[] = [
  { name: '__typename', query: '{ __typename }', cost: 0 },
  { name: 'the standard introspection query', query: getIntrospectionQuery(), cost: 0 },
  {
    name: "GraphiQL's introspection query",
    query: getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    }),
    cost: 0,
  },
  {
    name: 'a page of books with their entries',
    query: '{ bookshelfShelf(shelf: "synthetic", limit: 20) { items { id entry { title } } } }',
    cost: 21,
  },
  {
    name: 'a page size from a variable',
    query: 'query ($n: Int) { bookshelfShelf(shelf: "synthetic", limit: $n) { items { entry { title } } } }',
    variables: { n: 15 },
    cost: 16,
  },
  {
    name: 'a book with its shelfmates and their entries, through a fragment',
    query: '{ bookshelfBook(id: "1000") { ...Mates } } fragment Mates on Book { shelfmates { items { id entry { id } } } }',
    cost: 12,
  },
  {
    name: 'two rounds of shelfmates of one book',
    query: `{ bookshelfBook(id: "1000") { ${matesChain(2, 'title')} } }`,
    cost: 12,
  },
];

describe('GraphQL abuse limits', () => {
  let harness: Harness;
  const counts = { rejected: 0, accepted: 0 };
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
  });
  afterAll(async () => {
    process.stdout.write(`graphql abuse: ${counts.rejected} documents rejected, ${counts.accepted} accepted\n`);
    await harness.close();
  });
  beforeEach(() => {
    harness.upstream.reset();
    for (const route of booksRoutes({ ...BOOKS, ...booksOnShelf('synthetic', 25) })) harness.upstream.on(route);
  });

  for (const abusive of ABUSIVE) {
    it(`refuses ${abusive.name} before any upstream request, for 0 credits`, async () => {
      const before = (await harness.get('/v1/account')).body.data.balance as number;
      const { status, body } = await harness.graphql(abusive.query, abusive.variables);
      expect(status, JSON.stringify(body).slice(0, 400)).toBe(400);
      expect(body.data ?? null).toBeNull();
      expect(body.errors).toHaveLength(1);
      if (abusive.message) {
        expect(body.errors[0].message).toMatch(abusive.message);
        expect(body.errors[0].extensions).toMatchObject({ code: 'invalid_request', http: { status: 400 } });
      }
      expect(body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
      expect(harness.upstream.requests).toHaveLength(0);
      expect((await harness.get('/v1/account')).body.data.balance).toBe(before);
      counts.rejected += 1;
    });
  }

  for (const acceptable of ACCEPTABLE) {
    it(`serves ${acceptable.name}, estimating ${acceptable.cost} upstream fetches and fetching no more`, async () => {
      const { status, body } = await harness.graphql(acceptable.query, acceptable.variables);
      expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.extensions.cost).toEqual({ upstreamFetches: acceptable.cost, max: 500 });
      const { liveFetches, cacheHits, creditsCharged } = body.extensions.billing;
      expect(liveFetches + cacheHits).toBeLessThanOrEqual(acceptable.cost);
      expect(creditsCharged).toBeLessThanOrEqual(liveFetches);
      counts.accepted += 1;
    });
  }

  it('applies the same limits on /graphql/stream (graphql-sse) and to watch subscriptions, before anything is fetched', async () => {
    const stream = sseClient(harness.baseUrl, RICH_KEY, 'single');
    try {
      const query = follow(stream, ABUSIVE[0]!.query);
      const [refused] = await query.take(1);
      expect(refused!.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/up to 2221 upstream fetches/),
        extensions: { code: 'invalid_request' },
      });
      const watch = follow(stream, `subscription { ${WATCH_FAN_OUT} }`);
      const [watchRefused] = await watch.take(1);
      expect(watchRefused!.errors?.[0]?.message).toMatch(/up to 2221 upstream fetches/);
      const suggestion = follow(stream, '{ bookshelfBok(id: "1") { id } }');
      const [unknownField] = await suggestion.take(1);
      expect(unknownField!.errors?.[0]?.message).not.toMatch(/Did you mean/);
    } finally {
      stream.dispose();
    }
    const distinct = await harness.graphql(`subscription { ${WATCH_FAN_OUT} }`);
    expect(distinct.body.errors[0].message).toMatch(/up to 2221 upstream fetches/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('states the cost error with its figures in extensions.details', async () => {
    const { body } = await harness.graphql(ABUSIVE[0]!.query);
    expect(body.errors[0].extensions.details).toEqual({ limit: 'cost', cost: 2221, max: 500 });
    expect(body.errors[0].extensions.retryable).toBe(false);
  });

  it('hides field suggestions, also on a repeated (cached) document', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { status, body } = await harness.graphql('{ bookshelfBok(id: "1") { id } }');
      expect(status).toBe(400);
      expect(body.errors[0].message).toBe('Cannot query field "bookshelfBok" on type "Query".');
      expect(JSON.stringify(body)).not.toMatch(/Did you mean|bookshelfBook/);
    }
  });

  it('refuses batched operations (an array body) without running any', async () => {
    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify([{ query: '{ bookshelfBook(id: "1") { id } }' }, { query: '{ bookshelfBook(id: "2") { id } }' }]),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/Batching is not supported/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses a body over 1 MiB before parsing it', async () => {
    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('applies the limits before authentication: an abusive document without a key costs nothing and fetches nothing', async () => {
    const bomb = ABUSIVE.find((abusive) => abusive.name.startsWith('a fragment bomb'))!;
    const { status, body } = await harness.graphql(bomb.query, undefined, null);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('invalid_request');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

describe('GraphQL cost limit from GRAPHQL_MAX_COST', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ GRAPHQL_MAX_COST: '10', GRAPHQL_MAX_DEPTH: '4' }, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness.close());

  it('refuses a default page of 10 books with their entries (11) under a budget of 10, and names both figures', async () => {
    const { status, body } = await harness.graphql('{ bookshelfShelf(shelf: "synthetic") { items { entry { id } } } }');
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/up to 11 upstream fetches and the limit is 10/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses depth 5 under GRAPHQL_MAX_DEPTH=4', async () => {
    const { status, body } = await harness.graphql('{ bookshelfBook(id: "1") { shelfmates { items { entry { id } } } } }');
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query depth limit of 4 exceeded, found 5.');
  });
});
