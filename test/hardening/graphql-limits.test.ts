import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listing, postsByAuthors, userAbout } from '../families/forum/forum-data.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { follow, sseClient } from '../graphql/sse-client.js';

/**
 * GraphQL abuse limits (SECURITY.md): every abusive document is refused before anything
 * runs (400 invalid_request, 0 credits, no upstream request), and every reasonable one,
 * including the introspection GraphiQL sends, is served with its cost estimate in
 * extensions.cost, never below what it really fetched.
 */

const times = (count: number, make: (index: number) => string) => Array.from({ length: count }, (_unused, index) => make(index)).join(' ');
/** `{ a { a { … } } }` through Creator.posts/items/author: three levels per round. */
const postsChain = (rounds: number, leaf = 'id'): string =>
  rounds === 0 ? leaf : `posts { items { author { ${postsChain(rounds - 1, leaf)} } } }`;

interface Abusive {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** A fragment of the message, or null when graphql-js's own rule (not ours) refuses it. */
  message: RegExp | null;
}

const ABUSIVE: Abusive[] = [
  {
    name: 'comments of 100 posts with their authors',
    query: '{ forumSubreddit(subreddit: "synthetic", limit: 100) { items { comments { items { author { id } } } } } }',
    message: /up to 10101 upstream fetches and the limit is 500/,
  },
  {
    name: 'the same fan-out hidden in named fragments',
    query: `{ forumSubreddit(subreddit: "synthetic", limit: 100) { ...Page } }
      fragment Page on PostList { items { ...WithComments } }
      fragment WithComments on Post { comments { items { ...Who } } }
      fragment Who on Comment { author { id } }`,
    message: /up to 10101 upstream fetches/,
  },
  {
    name: 'the same fan-out in inline fragments',
    query:
      '{ forumSubreddit(subreddit: "synthetic", limit: 100) { ... on PostList { items { ... on Post { comments { ... on CommentList { items { author { id } } } } } } } } }',
    message: /up to 10101 upstream fetches/,
  },
  {
    name: 'a page size given by a variable',
    query: 'query ($n: Int) { forumSubreddit(subreddit: "synthetic", limit: $n) { items { comments { items { author { id } } } } } }',
    variables: { n: 5 },
    message: /up to 506 upstream fetches/,
  },
  {
    name: 'a page size taken from a variable default',
    query:
      'query ($n: Int = 50) { forumSearch(query: "x", limit: $n) { items { comments { items { author { id } } } author { posts { items { id } } } } } }',
    message: /up to 5151 upstream fetches/,
  },
  {
    name: 'nested posts of authors of posts',
    query: `{ forumUser(username: "maple_writer") { ${postsChain(2)} } }`,
    message: /up to 677 upstream fetches/,
  },
  {
    name: 'two full realty rentals pages with every listing',
    query:
      '{ a: realtySearch(url: "https://www.redfin.com/city/1/WA/Seattle/apartments-for-rent") { items { listing { id } } } b: realtySearch(url: "https://www.redfin.com/city/2/WA/Tacoma/apartments-for-rent") { items { listing { id } } } }',
    message: /up to 702 upstream fetches/,
  },
  {
    name: 'cost spread over many cheap aliases',
    query: `{ ${times(30, (index) => `u${index}: forumUser(username: "user_${index}") { ${postsChain(1)} }`)} }`,
    message: /up to 810 upstream fetches/,
  },
  {
    name: 'depth through the graph',
    query: `{ forumUser(username: "maple_writer") { ${postsChain(6)} } }`,
    message: /Query depth limit of 15 exceeded, found 20/,
  },
  {
    name: 'depth hidden in a chain of fragments',
    query: `{ forumUser(username: "a") { ...L1 } } ${times(7, (index) => `fragment L${index + 1} on Creator { posts { items { author { ${index === 6 ? 'id' : `...L${index + 2}`} } } } }`)}`,
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
    query: `{ ${times(40, (index) => `u${index}: forumUser(username: "user_${index}") { id }`)} }`,
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
  { name: 'more than 2000 tokens', query: `{ forumUser(username: "a") { ${times(2100, () => 'id')} } }`, message: /more than 2000 tokens/ },
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
    name: 'a page of posts with their authors',
    query: '{ forumSubreddit(subreddit: "synthetic", limit: 25) { items { id author { handle } } } }',
    cost: 26,
  },
  {
    name: 'a page size from a variable',
    query: 'query ($n: Int) { forumSubreddit(subreddit: "synthetic", limit: $n) { items { author { handle } } } }',
    variables: { n: 100 },
    cost: 101,
  },
  {
    name: 'a user with posts and their authors, through a fragment',
    query: '{ forumUser(username: "maple_writer") { ...Posts } } fragment Posts on Creator { posts { items { id author { id } } } }',
    cost: 27,
  },
  {
    name: 'one level of posts of authors of posts',
    query: `{ forumUser(username: "maple_writer") { ${postsChain(1, 'handle')} } }`,
    cost: 27,
  },
];

describe('GraphQL abuse limits', () => {
  let harness: Harness;
  const counts = { rejected: 0, accepted: 0 };
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    process.stdout.write(`graphql abuse: ${counts.rejected} documents rejected, ${counts.accepted} accepted\n`);
    await harness.close();
  });
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream
      .on((_request, url) => (url.pathname === '/r/synthetic/hot.json' ? { body: listing(postsByAuthors(25, 5), 't3_next1') } : undefined))
      .on((_request, url) => (/^\/user\/[^/]+\/submitted\.json$/.test(url.pathname) ? { body: listing(postsByAuthors(3, 1)) } : undefined))
      .on((_request, url) => {
        const match = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
        return match ? { body: userAbout(match[1]!, 5) } : undefined;
      });
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
        message: expect.stringMatching(/up to 10101 upstream fetches/),
        extensions: { code: 'invalid_request' },
      });
      const watch = follow(
        stream,
        'subscription { watchForumSubreddit(subreddit: "synthetic", limit: 100, intervalSeconds: 60) { items { comments { items { author { id } } } } } }',
      );
      const [watchRefused] = await watch.take(1);
      expect(watchRefused!.errors?.[0]?.message).toMatch(/up to 10101 upstream fetches/);
      const suggestion = follow(stream, '{ forumUsr(username: "x") { id } }');
      const [unknownField] = await suggestion.take(1);
      expect(unknownField!.errors?.[0]?.message).not.toMatch(/Did you mean/);
    } finally {
      stream.dispose();
    }
    const distinct = await harness.graphql(
      'subscription { watchForumSubreddit(subreddit: "synthetic", limit: 100, intervalSeconds: 60) { items { comments { items { author { id } } } } } }',
    );
    expect(distinct.body.errors[0].message).toMatch(/up to 10101 upstream fetches/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('states the cost error with its figures in extensions.details', async () => {
    const { body } = await harness.graphql(ABUSIVE[0]!.query);
    expect(body.errors[0].extensions.details).toEqual({ limit: 'cost', cost: 10101, max: 500 });
    expect(body.errors[0].extensions.retryable).toBe(false);
  });

  it('hides field suggestions, also on a repeated (cached) document', async () => {
    for (let round = 0; round < 2; round += 1) {
      const { status, body } = await harness.graphql('{ forumPst(url: "x") { id } }');
      expect(status).toBe(400);
      expect(body.errors[0].message).toBe('Cannot query field "forumPst" on type "Query".');
      expect(JSON.stringify(body)).not.toMatch(/Did you mean|forumPost/);
    }
  });

  it('refuses batched operations (an array body) without running any', async () => {
    const response = await fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify([{ query: '{ forumUser(username: "a") { id } }' }, { query: '{ forumUser(username: "b") { id } }' }]),
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
    const { status, body } = await harness.graphql(ABUSIVE[14]!.query, undefined, null);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('invalid_request');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

describe('GraphQL cost limit from GRAPHQL_MAX_COST', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ GRAPHQL_MAX_COST: '10', GRAPHQL_MAX_DEPTH: '4' });
  });
  afterAll(() => harness.close());

  it('refuses a page of 25 posts with authors (26) under a budget of 10, and names both figures', async () => {
    const { status, body } = await harness.graphql('{ forumSubreddit(subreddit: "synthetic") { items { author { id } } } }');
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/up to 26 upstream fetches and the limit is 10/);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses depth 5 under GRAPHQL_MAX_DEPTH=4', async () => {
    const { status, body } = await harness.graphql('{ forumUser(username: "a") { posts { items { author { id } } } } }');
    expect(status).toBe(400);
    expect(body.errors[0].message).toBe('Query depth limit of 4 exceeded, found 5.');
  });
});
