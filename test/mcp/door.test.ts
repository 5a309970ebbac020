import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { toolNameOf } from '../../src/mcp/tool-name.js';
import { at, balanceOf, json } from '../families/forum/e2e/support.js';
import { listing, postsByAuthors } from '../families/forum/forum-data.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { callTool, connectClient, keyHeaders, postMcp, textOf, toolsCall, withoutFetchedAt } from './support.js';

/**
 * The MCP door end to end: the SDK's Client and StreamableHTTPClientTransport against the real
 * gateway on loopback, upstreams faked. Tools mirror the catalogue, and a call is a REST call
 * in another dress: same items, same billing, same cache, same errors.
 */

const SERVICE_TOOLS = ['account', 'create_batch', 'create_job', 'get_job'];

describe('MCP door over loopback', () => {
  let harness: Harness;
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    client = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await client.close();
    await harness.close();
  });
  beforeEach(() => harness.upstream.reset());

  it('lists one tool per catalogue endpoint, named from its path, with input and output schemas, plus the service tools', async () => {
    const { tools } = await client.listTools();
    const expected = catalogue.endpoints.map((endpoint) => toolNameOf(endpoint.path));
    expect(expected).toEqual(
      expect.arrayContaining(['forum_subreddit', 'realty_for_sale', 'detect_age_gender', 'forum_post_comment_replies']),
    );
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
    const subreddit = tools.find((tool) => tool.name === 'forum_subreddit')!;
    expect(subreddit.inputSchema.required).toEqual(['subreddit']);
    expect(subreddit.inputSchema.additionalProperties).toBe(false);
  });

  it('answers forum_subreddit with the same items and pagination as GET /v1/forum/subreddit with the same parameters', async () => {
    harness.upstream.on(at('/r/examplesub/top.json', json(listing(postsByAuthors(3, 3), 't3_next01'))));
    const result = await callTool(client, 'forum_subreddit', { subreddit: 'r/examplesub', sort: 'top', timeframe: 'week', limit: 3 });
    const rest = await harness.get('/v1/forum/subreddit?subreddit=r/examplesub&sort=top&timeframe=week&limit=3');
    expect(rest.status).toBe(200);
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as Record<string, any>;
    expect(Object.keys(structured).sort()).toEqual(['data', 'pagination']);
    expect(structured.data.items).toHaveLength(3);
    expect(withoutFetchedAt(structured.data.items)).toEqual(withoutFetchedAt(rest.body.data.items));
    expect(structured.pagination).toEqual(rest.body.pagination);
    expect(structured.pagination).toEqual({ cursor: 't3_next01', hasMore: true });
    expect(textOf(result)).toMatch(
      /^3 Post items from \/v1\/forum\/subreddit; next page: cursor=t3_next01\. fetched live; 1 credit charged\./,
    );
    expect(result._meta).toMatchObject({ creditsCharged: 1, cached: false });
    // Both doors asked the upstream the same question.
    expect(harness.upstream.requests.map((request) => request.url)).toEqual([
      '/r/examplesub/top.json?t=week&limit=3&raw_json=1',
      '/r/examplesub/top.json?t=week&limit=3&raw_json=1',
    ]);
  });

  it('pays 1 credit for a live call and 0 for a cache hit, as REST does', async () => {
    harness.upstream.on(at('/r/cachedsub/hot.json', json(listing(postsByAuthors(2, 2)))));
    const before = await balanceOf(harness);
    const live = await callTool(client, 'forum_subreddit', { subreddit: 'cachedsub', cache_max_age: '1h' });
    expect(live._meta).toMatchObject({ creditsCharged: 1, cached: false });
    expect(await balanceOf(harness)).toBe(before - 1);

    const hit = await callTool(client, 'forum_subreddit', { subreddit: 'cachedsub', cache_max_age: '1h' });
    expect(hit._meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(textOf(hit)).toContain('served from cache');
    expect(hit.structuredContent).toEqual(live.structuredContent);
    expect(await balanceOf(harness)).toBe(before - 1);
    expect(harness.upstream.requests).toHaveLength(1);

    // The REST door shares the cache entry: the same parameters are a hit there too.
    const rest = await harness.get('/v1/forum/subreddit?subreddit=cachedsub&cache_max_age=1h');
    expect(rest.body.meta).toMatchObject({ creditsCharged: 0, cached: true });
    expect(rest.body.data).toEqual((live.structuredContent as Record<string, unknown>).data);
  });

  it('returns raw beside data with include_raw, and an empty single result as data: null, not charged', async () => {
    harness.upstream.on(at('/r/examplesub/hot.json', json(listing(postsByAuthors(1, 1)))));
    const withRaw = await callTool(client, 'forum_subreddit', { subreddit: 'examplesub', include_raw: true });
    expect((withRaw.structuredContent as Record<string, any>).raw.via).toBe('json');

    harness.upstream.on(at('/user/gone_person/about.json', json({ message: 'Not Found', error: 404 }, 404)));
    const before = await balanceOf(harness);
    const empty = await callTool(client, 'forum_user', { username: 'gone_person' });
    expect(empty.isError).toBeFalsy();
    expect(empty.structuredContent).toEqual({ data: null });
    expect(empty._meta).toMatchObject({ creditsCharged: 0, empty: true });
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers a bad argument with isError naming the parameter, never a protocol error, and charges nothing', async () => {
    const before = await balanceOf(harness);
    const cases: [Record<string, unknown>, string][] = [
      [{ subreddit: 'examplesub', limit: 1000 }, '`limit`'],
      [{ subreddit: 'examplesub', sort: 'sideways' }, '`sort`'],
      [{ limit: 5 }, '`subreddit`'],
      [{ subreddit: 'examplesub', colour: 'red' }, '`colour`'],
      [{ subreddit: 'examplesub', cache_max_age: 'soon' }, '`cache_max_age`'],
    ];
    for (const [args, named] of cases) {
      const result = await callTool(client, 'forum_subreddit', args);
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
    const unknownTool = await callTool(client, 'forum_everything', {});
    expect(unknownTool.isError).toBe(true);
    expect(textOf(unknownTool)).toContain('No tool `forum_everything`');
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers insufficient_credits as a tool error with the REST code', async () => {
    const poor = await connectClient(harness.baseUrl, { key: POOR_KEY });
    try {
      harness.upstream.on(at('/r/examplesub/hot.json', json(listing(postsByAuthors(1, 1)))));
      const result = await callTool(poor, 'forum_subreddit', { subreddit: 'examplesub' });
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
    const huge = JSON.stringify(toolsCall('forum_subreddit', { subreddit: 'x'.repeat(1_100_000) }));
    const response = await postMcp(harness.baseUrl, huge, keyHeaders());
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).error.code).toBe('invalid_request');
  });
});

describe('MCP job tools', () => {
  let harness: Harness;
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    client = await connectClient(harness.baseUrl);
    harness.upstream.on((_request, url) => {
      const match = /^\/r\/([^/]+)\/hot\.json$/.exec(url.pathname);
      return match ? json(listing(postsByAuthors(2, 2))) : undefined;
    });
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
    const created = await callTool(client, 'create_job', { endpoint: '/v1/forum/subreddit', params: { subreddit: 'jobsub' } });
    expect(created.isError, textOf(created)).toBeFalsy();
    const view = created.structuredContent as Record<string, any>;
    expect(view).toMatchObject({
      kind: 'job',
      status: 'queued',
      endpoint: '/v1/forum/subreddit',
      params: { subreddit: 'jobsub' },
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
      endpoint: '/v1/forum/subreddit',
      targets: [{ subreddit: 'b0' }, { subreddit: 'b1' }, { subreddit: 'b2' }],
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
    expect(page.results.map((each: Record<string, any>) => each.params.subreddit)).toEqual(['b0', 'b1']);
    expect(page.pagination).toEqual({ cursor: '2', hasMore: true });
    const secondPage = (await callTool(client, 'get_job', { id: view.id, cursor: '2' })).structuredContent as Record<string, any>;
    expect(secondPage.results.map((each: Record<string, any>) => each.index)).toEqual([2]);

    const invalid = await callTool(client, 'create_batch', {
      endpoint: '/v1/forum/subreddit',
      targets: [{ subreddit: 'ok' }, { subreddit: 'ok', limit: 0 }],
    });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/^invalid_request: 1 target\(s\) are invalid: #1 Invalid parameter `limit`/);
    const unknownArg = await callTool(client, 'create_job', { endpoint: '/v1/forum/subreddit', parameters: {} });
    expect(textOf(unknownArg)).toContain('Unknown parameter `parameters`');
    const missing = await callTool(client, 'get_job', { id: 'job_00000000000000000000000000000000' });
    expect(textOf(missing)).toMatch(/^not_found: /);
  });
});

describe('MCP door when the caller leaves', () => {
  let harness: Harness;
  beforeAll(async () => {
    // An upstream timeout longer than the slow answer, so only the caller leaving can end the fetch.
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '20000' });
  });
  afterAll(() => harness.close());

  it('aborts the upstream work of a caller that leaves mid-call, and releases its credit', async () => {
    harness.upstream.on(at('/r/slowsub/hot.json', { ...json(listing(postsByAuthors(2, 2))), delayMs: 8000 }));
    const before = await balanceOf(harness);
    const leaving = new AbortController();
    const call = fetch(new URL('/mcp', harness.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...keyHeaders() },
      body: JSON.stringify(toolsCall('forum_subreddit', { subreddit: 'slowsub' })),
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
