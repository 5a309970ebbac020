import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../src/catalogue/catalogue.js';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { startDemo, type Demo } from '../../../src/demo/start-demo.js';
import { registeredFamilies } from '../../../src/families/registry.js';
import { callTool, connectClient } from '../../mcp/support.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { booksRoutes, bookshelfFamily } from './family.js';

/**
 * A family registered through the same API as the platform families, from a folder of its own
 * under test/, is served on every door: REST, GraphQL root fields, its edge and a watch field,
 * OpenAPI, llms.txt, MCP tools, a job, a batch, a change subscription, and the demo's printed examples.
 */

const catalogue = buildCatalogue([...registeredFamilies, bookshelfFamily]);

describe('a family that lives under test/', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(
      { SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE: 'true', BOOKSHELF_CONCURRENCY: '2' },
      { catalogue },
    );
    for (const route of booksRoutes()) harness.upstream.on(route);
  });
  afterAll(() => harness?.close());

  it('reads its settings as part of the configuration, with one clear line for a bad value', () => {
    expect(loadConfig({ BOOKSHELF_CONCURRENCY: '3' }, catalogue.families).settings.BOOKSHELF_CONCURRENCY).toBe(3);
    expect(() => loadConfig({ BOOKSHELF_CONCURRENCY: 'many' }, catalogue.families)).toThrow(ConfigError);
    expect(() => loadConfig({ BOOKSHELF_CONCURRENCY: 'many' }, catalogue.families)).toThrow(/BOOKSHELF_CONCURRENCY/);
  });

  it('serves its REST routes with the envelope, canonical parameters, billing and empty results', async () => {
    const shelf = await harness.get('/v1/bookshelf/shelf?shelf=Poetry');
    expect(shelf.status).toBe(200);
    expect(shelf.body.data.items.map((book: { title: string }) => book.title)).toEqual(['Salt and Cedar', 'Night Ferries']);
    expect(shelf.body.meta.creditsCharged).toBe(1);
    const missing = await harness.get('/v1/bookshelf/book?id=999');
    expect(missing.body).toMatchObject({ success: true, data: null, meta: { creditsCharged: 0, empty: true, reason: 'not_found' } });
    const bad = await harness.get('/v1/bookshelf/shelf?shelf=no%20such%20shelf!');
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'shelf' } });
    expect(harness.upstream.requests.every((request) => request.host === 'books.example.test')).toBe(true);
  });

  it('serves GraphQL root fields, its own edge and a watch field', async () => {
    const response = await harness.graphql('{ bookshelfBook(id: "201") { title pages shelfmates { items { title } } } }');
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.bookshelfBook).toEqual({
      title: 'A Field Guide to Lichens',
      pages: 312,
      shelfmates: { items: [{ title: 'A Field Guide to Lichens' }] },
    });
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 2, liveFetches: 2 });
    const subscriptionFields = await harness.graphql('{ __type(name: "Subscription") { fields { name } } }');
    expect(subscriptionFields.body.data.__type.fields.map((field: { name: string }) => field.name)).toContain('watchBookshelfShelf');
  });

  it('is published in /openapi.json and /llms.txt', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    expect(document.paths['/v1/bookshelf/shelf'].get['x-subscribable']).toBe(true);
    expect(document.paths['/v1/bookshelf/book'].get['x-subscribable']).toBe(false);
    expect(document.components.schemas.Book.properties.title).toBeDefined();
    const llms = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    expect(llms).toContain('/v1/bookshelf/shelf');
    expect(llms).toContain('/v1/bookshelf/book');
  });

  it('appears as MCP tools, answered through the same pipeline', async () => {
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['bookshelf_shelf', 'bookshelf_book']));
      const result = await callTool(client, 'bookshelf_book', { id: '102' });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { data: { title: string } }).data.title).toBe('Night Ferries');
    } finally {
      await client.close();
    }
  });

  it('runs a job and a batch through its own lane', async () => {
    const job = await harness.post('/v1/jobs', { endpoint: '/v1/bookshelf/book', params: { id: '101' } });
    expect(job.status).toBe(202);
    expect((await harness.finishedJob(job.body.data.id)).result.data.title).toBe('Salt and Cedar');
    const batch = await harness.post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/book', targets: [{ id: '101' }, { id: '201' }] });
    expect(batch.status).toBe(202);
    const done = await harness.finishedJob(batch.body.data.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: { total: 2, done: 2, failed: 0 }, creditsCharged: 2 });
  });

  it('takes a change subscription on its subscribable endpoint only', async () => {
    const refused = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/bookshelf/book',
      params: { id: '101' },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'endpoint' } });
    const created = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'nature' },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(created.status).toBe(201);
    // The first check records the baseline (the scheduler may run it before this test asks).
    const id = created.body.data.id as string;
    let view = (await harness.get(`/v1/subscriptions/${id}`)).body.data;
    for (let attempt = 0; view.hash === null && attempt < 200; attempt += 1) {
      await harness.gateway.subscriptions.checkNow(id);
      view = (await harness.get(`/v1/subscriptions/${id}`)).body.data;
    }
    expect(view).toMatchObject({ status: 'active', lastError: null, params: { shelf: 'nature' } });
    expect(view.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a family that lives under test/, in the offline demo', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await startDemo({ port: 0, catalogue });
  });
  afterAll(() => demo?.close());

  it("prints its world's examples, and each answers with paid data", async () => {
    const examples = demo.examples.filter((example) => example.endpoint.startsWith('/v1/bookshelf/'));
    expect(examples.map((example) => example.path)).toEqual(['/v1/bookshelf/shelf?shelf=poetry', '/v1/bookshelf/book?id=201']);
    for (const example of examples) {
      const response = await fetch(demo.baseUrl + example.path, { headers: { 'x-api-key': demo.apiKey } });
      const body = (await response.json()) as Record<string, any>;
      expect([response.status, body.meta.creditsCharged]).toEqual([200, 1]);
    }
    expect(demo.graphqlExamples.some((example) => example.query.includes('bookshelfShelf'))).toBe(true);
  });
});
