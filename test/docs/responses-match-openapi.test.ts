import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, startDemo, type Demo } from '../../src/demo/start-demo.js';
import { OpenApiResponseCheck } from '../support/openapi-response-check.js';
import { ResponseRecorder } from '../support/response-recorder.js';
import { bookshelfCatalogue as catalogue, startBookshelfHarness } from '../support/bookshelf-harness.js';
import { type Harness } from '../support/gateway.js';

/**
 * Drives every route the server answers, in its successes and its failures, and checks each
 * answer against the server's own /openapi.json: the route, the status, the media type, the
 * body, and the headers (each one sent must be declared; the declared ones must match). The end-to-end suites' answers are checked the same way
 * when their harness closes (test/support/gateway.ts).
 */

const POOR_KEY = 'sk_test_docs_poor_01';
const CAPPED_KEY = 'sk_test_docs_capped1';

describe('every answer matches /openapi.json', () => {
  let demo: Demo;
  let bare: Harness;
  let check: OpenApiResponseCheck;
  let document: Record<string, any>;
  const recorder = new ResponseRecorder();

  beforeAll(async () => {
    // The offline demo: every family's synthetic platform (the test family's too), so each endpoint can succeed.
    demo = await startDemo({
      port: 0,
      logLevel: 'silent',
      catalogue,
      env: { API_KEYS: `${DEMO_API_KEY}=10000,${POOR_KEY}=0,${CAPPED_KEY}=100:1` },
    });
    // No proxy and no provider: the families that need one answer 501.
    bare = await startBookshelfHarness();
    document = (await (await fetch(`${demo.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    check = new OpenApiResponseCheck(document);
  });
  afterAll(async () => {
    await demo?.close();
    await bare?.close();
  });

  const call = async (
    method: string,
    path: string,
    options: { key?: string | null; body?: unknown; headers?: Record<string, string>; base?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(options.key === null ? {} : { 'x-api-key': options.key ?? DEMO_API_KEY }),
      ...options.headers,
    };
    if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const response = await fetch((options.base ?? demo.baseUrl) + path, { method, headers, body });
    const text = await recorder.record(method, path, response);
    const json = (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Record<string, any>) : null;
    return { status: response.status, headers: response.headers, body: json, text };
  };

  const settle = async (id: string) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const polled = await call('GET', `/v1/jobs/${id}`);
      if (['succeeded', 'failed', 'canceled'].includes(polled.body!.data.status)) return polled;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`job ${id} did not finish`);
  };

  it('data endpoints: success, raw, empty, 400, 401, 402, 429 and 501', { timeout: 120_000 }, async () => {
    for (const example of demo.examples) {
      expect((await call('GET', example.path)).status, example.path).toBe(200);
      const withRaw = `${example.path}${example.path.includes('?') ? '&' : '?'}${example.path.includes('include_raw') ? '' : 'include_raw=true'}`;
      const raw = await call('GET', withRaw.replace(/&$/, ''));
      expect(raw.status, raw.text).toBe(200);
    }
    // A page URL: the resolved endpoint's answer, a refusal naming url, and the forms.
    const resolvable = demo.examples.find((example) => example.endpoint === '/v1/code/repo')!;
    const repoUrl = new URL(resolvable.path, demo.baseUrl).searchParams.get('repo')!;
    expect((await call('GET', `/v1/resolve?url=${encodeURIComponent(repoUrl)}`)).status).toBe(200);
    expect((await call('GET', `/v1/resolve?url=${encodeURIComponent('https://example.com/nothing')}`)).status).toBe(400);
    expect((await call('GET', '/v1/resolve/forms')).status).toBe(200);
    // Missing things are empty results, not errors.
    const empty = await call('GET', '/v1/bookshelf/book?id=999');
    expect(empty.status).toBe(200);
    expect(empty.body!.meta.empty).toBe(true);
    for (const endpoint of catalogue.endpoints) {
      expect((await call('GET', `${endpoint.path}?not_a_parameter=1`)).status).toBe(400);
      expect((await call('GET', endpoint.path, { key: null })).status).toBe(401);
      expect((await call('GET', endpoint.path, { key: 'sk_unknown_key_000' })).status).toBe(401);
    }
    const paid = demo.examples[0]!.path;
    expect((await call('GET', paid, { key: POOR_KEY })).status).toBe(402);
    expect((await call('GET', paid, { key: CAPPED_KEY })).status).toBe(200);
    const capped = await call('GET', demo.examples[1]!.path, { key: CAPPED_KEY });
    expect(capped.status).toBe(429);
    expect(capped.headers.get('retry-after')).not.toBeNull();
    for (const endpoint of catalogue.endpoints) {
      const example = demo.examples.find((each) => each.endpoint === endpoint.path)!;
      const answer = await call('GET', example.path, { base: bare.baseUrl, key: 'sk_test_rich_0001' });
      if (catalogue.familyOf(endpoint).requiresResidentialProxy || catalogue.familyOf(endpoint).providerEnv)
        expect(answer.status, endpoint.path).toBe(501);
    }
  });

  it('jobs and batches: 202, replay, 409, 400, paging with cursor and limit, 404, cancel', async () => {
    const batchable = catalogue.endpoints.filter((endpoint) => endpoint.flags.batchable);
    const examples = demo.examples.filter((example) => batchable.some((endpoint) => endpoint.path === example.endpoint));
    const paramsOf = (path: string) => Object.fromEntries(new URL(path, demo.baseUrl).searchParams);
    const job = await call('POST', '/v1/jobs', {
      body: { endpoint: examples[0]!.endpoint, params: paramsOf(examples[0]!.path) },
      headers: { 'idempotency-key': 'docs-job-1' },
    });
    expect(job.status).toBe(202);
    const replay = await call('POST', '/v1/jobs', {
      body: { endpoint: examples[0]!.endpoint, params: paramsOf(examples[0]!.path) },
      headers: { 'idempotency-key': 'docs-job-1' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (
        await call('POST', '/v1/jobs', {
          body: { endpoint: examples[1]!.endpoint, params: paramsOf(examples[1]!.path) },
          headers: { 'idempotency-key': 'docs-job-1' },
        })
      ).status,
    ).toBe(409);
    expect((await call('POST', '/v1/jobs', { body: { endpoint: '/v1/nowhere' } })).status).toBe(400);
    expect((await call('POST', '/v1/jobs', { body: '{' })).status).toBe(400);
    expect((await call('POST', '/v1/jobs', { body: {}, key: null })).status).toBe(401);
    await settle(job.body!.data.id);

    const batch = await call('POST', '/v1/jobs/batch', {
      body: {
        endpoint: examples[0]!.endpoint,
        targets: [paramsOf(examples[0]!.path), paramsOf(examples[0]!.path), { bad: 1 }].slice(0, 2),
      },
    });
    expect(batch.status).toBe(202);
    expect(
      (await call('POST', '/v1/jobs/batch', { body: { endpoint: examples[0]!.endpoint, targets: [{ not_a_parameter: 1 }] } })).status,
    ).toBe(400);
    const id = batch.body!.data.id as string;
    await settle(id);
    const first = await call('GET', `/v1/jobs/${id}?limit=1`);
    expect(first.body!.data.pagination.hasMore).toBe(true);
    const second = await call('GET', `/v1/jobs/${id}?limit=1&cursor=${first.body!.data.pagination.cursor}`);
    expect(second.body!.data.results[0].index).toBe(1);
    expect((await call('GET', `/v1/jobs/${id}?cursor=abc`)).status).toBe(400);
    expect((await call('GET', `/v1/jobs/${id}?colour=red`)).status).toBe(400);
    expect((await call('GET', '/v1/jobs/job_00000000000000000000000000000000')).status).toBe(404);
    expect((await call('DELETE', `/v1/jobs/${id}`)).status).toBe(200);
    expect((await call('DELETE', '/v1/jobs/job_00000000000000000000000000000000')).status).toBe(404);
  });

  it('subscriptions: 201, list, one, 400, 404, delete', async () => {
    const endpoint = catalogue.endpoints.find((each) => each.flags.subscribable)!;
    const example = demo.examples.find((each) => each.endpoint === endpoint.path)!;
    const params = Object.fromEntries([...new URL(example.path, demo.baseUrl).searchParams].filter(([name]) => name !== 'include_raw'));
    const created = await call('POST', '/v1/subscriptions', {
      body: { endpoint: endpoint.path, params, webhookUrl: 'https://hooks.example.org/docs', intervalSeconds: 3600 },
    });
    expect(created.status).toBe(201);
    const id = created.body!.data.id as string;
    expect((await call('GET', '/v1/subscriptions')).status).toBe(200);
    expect((await call('GET', `/v1/subscriptions/${id}`)).status).toBe(200);
    expect((await call('POST', '/v1/subscriptions', { body: { endpoint: endpoint.path, params, webhookUrl: 'ftp://x' } })).status).toBe(
      400,
    );
    expect((await call('GET', '/v1/subscriptions/sub_missing')).status).toBe(404);
    expect((await call('DELETE', `/v1/subscriptions/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/v1/subscriptions/${id}`)).status).toBe(404);
    expect((await call('GET', '/v1/subscriptions', { key: null })).status).toBe(401);
  });

  it('account, GraphQL (both media types, 400, 401), the stream door and the service pages', async () => {
    expect((await call('GET', '/v1/account', { key: CAPPED_KEY })).status).toBe(200);
    expect((await call('GET', '/v1/account', { key: null })).status).toBe(401);
    const query = { query: '{ __typename }' };
    expect((await call('POST', '/graphql', { body: query, headers: { accept: 'application/graphql-response+json' } })).status).toBe(200);
    expect((await call('POST', '/graphql', { body: query, headers: { accept: 'application/json' } })).status).toBe(200);
    expect(
      (await call('POST', '/graphql', { body: { query: '{ nope' }, headers: { accept: 'application/graphql-response+json' } })).status,
    ).toBe(400);
    expect((await call('POST', '/graphql', { body: query, key: null })).status).toBe(401);
    expect((await call('GET', '/graphql?query=%7B__typename%7D')).status).toBe(200);
    const reserved = await call('PUT', '/graphql/stream');
    expect(reserved.status).toBe(201);
    expect((await call('PUT', '/graphql/stream', { key: null })).status).toBe(401);
    expect((await call('DELETE', '/graphql/stream?operationId=x', { headers: { 'x-graphql-event-stream-token': 'nope' } })).status).toBe(
      404,
    );
    const token = { 'x-graphql-event-stream-token': reserved.text };
    expect((await call('PUT', '/graphql/stream', { headers: { accept: 'application/json' } })).status).toBe(406);
    expect(
      (await call('POST', '/graphql/stream', { body: { ...query, extensions: { operationId: 'docs-op-1' } }, headers: token })).status,
    ).toBe(202);
    expect((await call('DELETE', '/graphql/stream?operationId=docs-op-1', { headers: token })).status).toBe(200);
    // An event stream never ends: its status and headers are recorded, and the connection dropped.
    const controller = new AbortController();
    const stream = await fetch(`${demo.baseUrl}/graphql/stream`, {
      headers: { 'x-api-key': DEMO_API_KEY, accept: 'text/event-stream', ...token },
      signal: controller.signal,
    });
    recorder.responses.push({
      method: 'GET',
      url: '/graphql/stream',
      status: stream.status,
      headers: Object.fromEntries(stream.headers),
      body: '',
    });
    controller.abort();
    expect(stream.status).toBe(200);
    const mcp = { accept: 'application/json, text/event-stream' };
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docs-test', version: '1' } },
    };
    expect((await call('POST', '/mcp', { body: initialize, headers: mcp })).status).toBe(200);
    expect((await call('POST', '/mcp', { body: [initialize, initialize], headers: mcp })).status).toBe(400);
    expect((await call('POST', '/mcp', { body: initialize, headers: mcp, key: null })).status).toBe(401);
    expect((await call('GET', '/mcp', { headers: mcp })).status).toBe(405);
    expect((await call('DELETE', '/mcp', { headers: mcp })).status).toBe(405);
    for (const path of [
      '/openapi.json',
      '/docs',
      '/docs/assets/swagger-ui.css',
      '/docs/assets/nope.js',
      '/llms.txt',
      '/healthz',
      '/readyz',
      '/metrics',
    ])
      await call('GET', path, { key: null });
  });

  it('found nothing undocumented', () => {
    const problems = recorder.responses.flatMap((response) => check.problems(response));
    expect(problems).toEqual([]);
  });

  it('reached every documented operation', () => {
    const reached = new Set(recorder.responses.map((response) => check.operationOf(response.method, response.url)));
    const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      documented.filter((operation) => !reached.has(operation)),
      'add a request for each operation to this test',
    ).toEqual([]);
  });

  it('fails an answer with an undocumented status, body or header', () => {
    const path = demo.examples[0]!.path;
    const ok = recorder.responses.find((response) => response.url === path && response.status === 200)!;
    expect(check.problems(ok)).toEqual([]);
    expect(check.problems({ ...ok, status: 418 })[0]).toMatch(/status not documented/);
    expect(check.problems({ ...ok, body: JSON.stringify({ success: true, meta: {} }) }).join('\n')).toMatch(/data/);
    expect(check.problems({ ...ok, headers: { ...ok.headers, 'x-credits-charged': 'many' } }).join('\n')).toMatch(/x-credits-charged/);
    const { 'x-request-id': _id, ...withoutId } = ok.headers;
    expect(check.problems({ ...ok, headers: withoutId }).join('\n')).toMatch(/x-request-id missing/);
    expect(check.problems({ ...ok, headers: { ...ok.headers, 'x-debug': '1' } }).join('\n')).toMatch(/x-debug sent but not declared/);
    const refused = recorder.responses.find((response) => response.url === '/mcp' && response.status === 405)!;
    expect(check.problems({ ...refused, headers: { ...refused.headers, 'retry-after': '1' } }).join('\n')).toMatch(
      /retry-after sent but not declared/,
    );
    expect(check.problems({ ...ok, method: 'PATCH' })[0]).toMatch(/route not documented/);
    const error = recorder.responses.find((response) => response.status === 402)!;
    expect(check.problems({ ...error, status: 400 }).join('\n')).toMatch(/code/);
  });
});
