import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolNameOf } from '../../src/mcp/tool-name.js';
import { BOOKS, booksOnShelf, booksRoutes, type CatalogueBook } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-harness.js';
import { balanceOf } from '../support/envelope.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { callTool, connectClient, keyHeaders, postMcp, textOf, toolsCall, withoutFetchedAt } from './support.js';

/**
 * The MCP door end to end: the SDK's Client and StreamableHTTPClientTransport against the real
 * gateway on loopback, upstreams faked. Tools mirror the catalogue, and a call is a REST call
 * in another dress: same items, same billing, same cache, same errors.
 */

const SERVICE_TOOLS = ['account', 'create_batch', 'create_job', 'get_job'];

/** A harness serving the test family beside the real ones; each test serves the catalogue it needs. */
const startBookshelf = (env: Record<string, string> = {}) => startHarness(env, { catalogue });

describe('MCP door over loopback', () => {
  let harness: Harness;
  let client: Client;
  beforeAll(async () => {
    harness = await startBookshelf();
    client = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await client.close();
    await harness.close();
  });
  beforeEach(() => harness.upstream.reset());
  const serve = (books: Record<string, CatalogueBook>) => {
    for (const route of booksRoutes(books)) harness.upstream.on(route);
  };

  it('lists one tool per catalogue endpoint, named from its path, with input and output schemas, plus the service tools', async () => {
    const { tools } = await client.listTools();
    const expected = catalogue.endpoints.map((endpoint) => toolNameOf(endpoint.path));
    expect(expected).toEqual(expect.arrayContaining(['bookshelf_shelf', 'bookshelf_book']));
    // Deeper paths and dashes become one identifier.
    expect(toolNameOf('/v1/bookshelf/shelf/reading-list')).toBe('bookshelf_shelf_reading_list');
    expect(tools.map((tool) => tool.name).sort()).toEqual([...expected, 'resolve_url', ...SERVICE_TOOLS].sort());
    for (const endpoint of catalogue.endpoints) {
      const tool = tools.find((each) => each.name === toolNameOf(endpoint.path))!;
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties!)).toEqual([...Object.keys(endpoint.params.shape), 'cache_max_age', 'include_raw']);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.outputSchema!.required).toEqual(endpoint.returns.kind === 'list' ? ['data', 'pagination'] : ['data']);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(tool.description).toContain(`Cost: ${endpoint.flags.creditCost} credit`);
      expect(tool.description).toContain(endpoint.flags.cacheable ? 'cache_max_age' : 'never cached');
    }
    const shelf = tools.find((tool) => tool.name === 'bookshelf_shelf')!;
    expect(shelf.inputSchema.required).toEqual(['shelf']);
    expect(shelf.inputSchema.additionalProperties).toBe(false);
  });

  it('answers bookshelf_shelf with the same items and pagination as GET /v1/bookshelf/shelf with the same parameters', async () => {
    serve(booksOnShelf('examples', 5));
    const result = await callTool(client, 'bookshelf_shelf', { shelf: 'Examples', sort: 'title', limit: 3 });
    const rest = await harness.get('/v1/bookshelf/shelf?shelf=Examples&sort=title&limit=3');
    expect(rest.status).toBe(200);
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as Record<string, any>;
    expect(Object.keys(structured).sort()).toEqual(['data', 'pagination']);
    expect(structured.data.items).toHaveLength(3);
    expect(withoutFetchedAt(structured.data.items)).toEqual(withoutFetchedAt(rest.body.data.items));
    expect(structured.pagination).toEqual(rest.body.pagination);
    expect(structured.pagination).toEqual({ cursor: '1002', hasMore: true });
    expect(textOf(result)).toMatch(/^3 Book items from \/v1\/bookshelf\/shelf; next page: cursor=1002\. fetched live; 1 credit charged\./);
    expect(result._meta).toMatchObject({ creditsCharged: 1, cached: false });
    // Both doors asked the upstream the same question.
    expect(harness.upstream.requests.map((request) => request.url)).toEqual([
      '/shelves/examples.json?sort=title&limit=3',
      '/shelves/examples.json?sort=title&limit=3',
    ]);
    // The cursor reads on where the page ended.
    const next = (await callTool(client, 'bookshelf_shelf', { shelf: 'examples', sort: 'title', limit: 3, cursor: '1002' }))
      .structuredContent as Record<string, any>;
    expect(next.data.items.map((item: { id: string }) => item.id)).toEqual(['1003', '1004']);
    expect(next.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('pays 1 credit for a live call and 0 for a cache hit, as REST does', async () => {
    serve(booksOnShelf('cached', 2));
    const before = await balanceOf(harness);
    const live = await callTool(client, 'bookshelf_shelf', { shelf: 'cached', cache_max_age: '1h' });
    expect(live._meta).toMatchObject({ creditsCharged: 1, cached: false });
    expect(await balanceOf(harness)).toBe(before - 1);

    const hit = await callTool(client, 'bookshelf_shelf', { shelf: 'cached', cache_max_age: '1h' });
    expect(hit._meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(textOf(hit)).toContain('served from cache');
    expect(hit.structuredContent).toEqual(live.structuredContent);
    expect(await balanceOf(harness)).toBe(before - 1);
    expect(harness.upstream.requests).toHaveLength(1);

    // The REST door shares the cache entry: the same parameters are a hit there too.
    const rest = await harness.get('/v1/bookshelf/shelf?shelf=cached&cache_max_age=1h');
    expect(rest.body.meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(rest.body.data).toEqual((live.structuredContent as Record<string, unknown>).data);
  });

  it("takes the request's Cache-Control max-age as the default cache_max_age of a tool call; a malformed one is 400", async () => {
    serve(booksOnShelf('headed', 2));
    const live = await callTool(client, 'bookshelf_shelf', { shelf: 'headed' });
    expect(live._meta).toMatchObject({ creditsCharged: 1, cached: false });
    const call = (cacheControl: string) =>
      postMcp(harness.baseUrl, toolsCall('bookshelf_shelf', { shelf: 'headed' }), { ...keyHeaders(), 'cache-control': cacheControl });

    const hit = JSON.parse((await call('max-age=3600')).text).result;
    expect(hit._meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(hit.structuredContent).toEqual(live.structuredContent);
    expect(harness.upstream.requests).toHaveLength(1);

    const refused = await call('max-age=-1');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('cache-control') });
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('returns raw beside data with include_raw, and an empty single result as data: null, not charged', async () => {
    serve(BOOKS);
    const withRaw = await callTool(client, 'bookshelf_shelf', { shelf: 'nature', include_raw: true });
    expect((withRaw.structuredContent as Record<string, any>).raw).toEqual({ books: [BOOKS['201']], next: null });

    const before = await balanceOf(harness);
    const empty = await callTool(client, 'bookshelf_book', { id: '999' });
    expect(empty.isError).toBeFalsy();
    expect(empty.structuredContent).toEqual({ data: null });
    expect(empty._meta).toMatchObject({ creditsCharged: 0, empty: true });
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers a bad argument with isError naming the parameter, never a protocol error, and charges nothing', async () => {
    const before = await balanceOf(harness);
    const cases: [Record<string, unknown>, string][] = [
      [{ shelf: 'examples', limit: 1000 }, '`limit`'],
      [{ shelf: 'examples', sort: 'sideways' }, '`sort`'],
      [{ limit: 5 }, '`shelf`'],
      [{ shelf: 'examples', colour: 'red' }, '`colour`'],
      [{ shelf: 'examples', cache_max_age: 'soon' }, '`cache_max_age`'],
    ];
    for (const [args, named] of cases) {
      const result = await callTool(client, 'bookshelf_shelf', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(/^invalid_request: /);
      expect(textOf(result)).toContain(named);
      expect((result._meta as Record<string, any>).error).toMatchObject({
        code: 'invalid_request',
        retryable: false,
        details: { param: named.slice(1, -1) },
      });
      expect(result.structuredContent).toBeUndefined();
    }
    const unknownTool = await callTool(client, 'bookshelf_everything', {});
    expect(unknownTool.isError).toBe(true);
    expect(textOf(unknownTool)).toContain('No tool `bookshelf_everything`');
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers insufficient_credits as a tool error with the REST code', async () => {
    const poor = await connectClient(harness.baseUrl, { key: POOR_KEY });
    try {
      serve(BOOKS);
      const result = await callTool(poor, 'bookshelf_shelf', { shelf: 'poetry' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^insufficient_credits: This call costs 1 credit\(s\) and the balance is 0\./);
      expect(harness.upstream.requests).toHaveLength(0);
    } finally {
      await poor.close();
    }
  });

  it('refuses a missing or unknown key with HTTP 401 and the REST error envelope; accepts Authorization: Bearer', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const missing = await postMcp(harness.baseUrl, initialize, {});
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text)).toEqual({
      success: false,
      error: { code: 'missing_api_key', message: expect.any(String), retryable: false },
      meta: { creditsCharged: 0 },
    });
    for (const headers of [
      keyHeaders({ key: 'sk_test_nobody' }),
      keyHeaders({ key: 'sk_test_nobody', as: 'bearer' }),
      { authorization: `Basic ${RICH_KEY}` },
    ]) {
      const refused = await postMcp(harness.baseUrl, initialize, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(JSON.parse(refused.text).error.code).toBe(
        Object.hasOwn(headers, 'x-api-key') || headers.authorization?.startsWith('Bearer') ? 'invalid_api_key' : 'missing_api_key',
      );
    }

    const error = await connectClient(harness.baseUrl, { key: 'sk_test_nobody' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);

    const bearer = await connectClient(harness.baseUrl, { as: 'bearer' });
    try {
      const viaBearer = await callTool(bearer, 'account');
      const viaHeader = await callTool(client, 'account');
      expect((viaBearer.structuredContent as Record<string, unknown>).accountId).toBe(
        (viaHeader.structuredContent as Record<string, unknown>).accountId,
      );
    } finally {
      await bearer.close();
    }
  });

  it('shows the account as GET /v1/account does, free', async () => {
    const result = await callTool(client, 'account');
    const rest = await harness.get('/v1/account');
    expect(result.structuredContent).toEqual(rest.body.data);
    expect(JSON.parse(textOf(result))).toEqual(rest.body.data);
    expect(result._meta).toMatchObject({ creditsCharged: 0 });
    const extra = await callTool(client, 'account', { verbose: true });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toContain('`verbose`');
  });

  it('answers GET and DELETE with 405 (stateless) and refuses a JSON-RPC batch of several messages', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(new URL('/mcp', harness.baseUrl), { method, headers: { ...keyHeaders(), accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const batch = await postMcp(harness.baseUrl, [toolsCall('account', {}, 1), toolsCall('account', {}, 2)], keyHeaders());
    expect(batch.status).toBe(400);
    expect(JSON.parse(batch.text).error.code).toBe(-32600);
  });

  it('bounds the request body as the other doors do: 400 invalid_request over the limit', async () => {
    const huge = JSON.stringify(toolsCall('bookshelf_shelf', { shelf: 'x'.repeat(1_100_000) }));
    const response = await postMcp(harness.baseUrl, huge, keyHeaders());
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).error.code).toBe('invalid_request');
  });
});

describe('MCP job tools', () => {
  let harness: Harness;
  let client: Client;
  beforeAll(async () => {
    harness = await startBookshelf();
    client = await connectClient(harness.baseUrl);
    const shelves = ['jobshelf', 'b0', 'b1', 'b2'].map((shelf, index) => booksOnShelf(shelf, 2, 1000 + 100 * index));
    for (const route of booksRoutes(Object.assign({}, ...shelves) as Record<string, CatalogueBook>)) harness.upstream.on(route);
  });
  afterAll(async () => {
    await client.close();
    await harness.close();
  });

  async function settled(id: string): Promise<Record<string, any>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const result = await callTool(client, 'get_job', { id });
      expect(result.isError, textOf(result)).toBeFalsy();
      const job = result.structuredContent as Record<string, any>;
      if (['succeeded', 'failed', 'canceled'].includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('creates a job, polls it with get_job and reads the same envelope REST stores, charged as a live call', async () => {
    const before = await balanceOf(harness);
    const created = await callTool(client, 'create_job', { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'jobshelf' } });
    expect(created.isError, textOf(created)).toBeFalsy();
    const view = created.structuredContent as Record<string, any>;
    expect(view).toMatchObject({
      kind: 'job',
      status: 'queued',
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'jobshelf' },
      pollUrl: `/v1/jobs/${view.id}`,
    });
    const job = await settled(view.id);
    expect(job).toMatchObject({ status: 'succeeded', creditsCharged: 1, result: { success: true, meta: { creditsCharged: 1 } } });
    expect(job.result.data.items).toHaveLength(2);
    expect((await harness.get(`/v1/jobs/${view.id}`)).body.data).toEqual(job);
    expect(await balanceOf(harness)).toBe(before - 1);
  });

  it('creates a batch and pages its results; replays an idempotency key; refuses invalid targets naming them', async () => {
    const args = {
      endpoint: '/v1/bookshelf/shelf',
      targets: [{ shelf: 'b0' }, { shelf: 'b1' }, { shelf: 'b2' }],
      idempotency_key: 'mcp-batch-1',
    };
    const created = await callTool(client, 'create_batch', args);
    const view = created.structuredContent as Record<string, any>;
    expect(view).toMatchObject({ kind: 'batch', total: 3 });
    const again = await callTool(client, 'create_batch', args);
    expect(again.structuredContent).toMatchObject({ id: view.id, replayed: true });

    const job = await settled(view.id);
    expect(job.progress).toEqual({ total: 3, done: 3, failed: 0 });
    const firstPage = await callTool(client, 'get_job', { id: view.id, limit: 2 });
    const page = firstPage.structuredContent as Record<string, any>;
    expect(page.results.map((each: Record<string, any>) => each.params.shelf)).toEqual(['b0', 'b1']);
    expect(page.pagination).toEqual({ cursor: '2', hasMore: true });
    const secondPage = (await callTool(client, 'get_job', { id: view.id, cursor: '2' })).structuredContent as Record<string, any>;
    expect(secondPage.results.map((each: Record<string, any>) => each.index)).toEqual([2]);

    const invalid = await callTool(client, 'create_batch', {
      endpoint: '/v1/bookshelf/shelf',
      targets: [{ shelf: 'ok' }, { shelf: 'ok', limit: 0 }],
    });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/^invalid_request: 1 target\(s\) are invalid: #1 Invalid parameter `limit`/);
    const unknownArg = await callTool(client, 'create_job', { endpoint: '/v1/bookshelf/shelf', parameters: {} });
    expect(textOf(unknownArg)).toContain('Unknown parameter `parameters`');
    const missing = await callTool(client, 'get_job', { id: 'job_00000000000000000000000000000000' });
    expect(textOf(missing)).toMatch(/^not_found: /);
  });
});

describe('MCP door when the caller leaves', () => {
  let harness: Harness;
  beforeAll(async () => {
    // An upstream timeout longer than the slow answer, so only the caller leaving can end the fetch.
    harness = await startBookshelf({ UPSTREAM_TIMEOUT_MS: '20000' });
  });
  afterAll(() => harness.close());

  it('aborts the upstream work of a caller that leaves mid-call, and releases its credit', async () => {
    for (const route of booksRoutes(booksOnShelf('slow', 2), { delayMs: 8000 })) harness.upstream.on(route);
    const before = await balanceOf(harness);
    const leaving = new AbortController();
    const call = fetch(new URL('/mcp', harness.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...keyHeaders() },
      body: JSON.stringify(toolsCall('bookshelf_shelf', { shelf: 'slow' })),
      signal: leaving.signal,
    }).then(
      () => 'answered',
      () => 'aborted',
    );
    // The credit is reserved before the upstream is asked.
    await expect.poll(() => harness.upstream.requests.length).toBe(1);
    expect(await balanceOf(harness)).toBe(before - 1);
    leaving.abort();
    expect(await call).toBe('aborted');
    // Without the abort the fetch would finish after 8 s and the credit be charged.
    await expect.poll(() => balanceOf(harness), { timeout: 6000 }).toBe(before);
  });
});
