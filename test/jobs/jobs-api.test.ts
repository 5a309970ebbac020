import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { finished, pollJob, send, serveShelves, shelfTargets } from './support.js';

const backends = [{ name: 'memory', env: {} as Record<string, string> }, ...(REDIS_URL ? [{ name: 'redis', env: { REDIS_URL } }] : [])];

/** Jobs and batches on the test family's shelf endpoint (test/families/bookshelf). */
describe.each(backends)('jobs and batches over REST ($name)', ({ env }) => {
  let harness: Harness;
  const prefix = testPrefix();
  const post = (path: string, body: unknown, options: { key?: string; idempotencyKey?: string } = {}) =>
    send(harness.baseUrl, 'POST', path, {
      body,
      key: options.key,
      headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
    });
  const balance = async (key = RICH_KEY) => (await harness.get('/v1/account', key)).body.data.balance as number;

  beforeAll(async () => {
    harness = await startHarness(
      { ...env, API_KEYS: `${RICH_KEY}=100000,${POOR_KEY}=0`, BOOKSHELF_CONCURRENCY: '3', JOB_LOCK_MS: '2000', JOB_RETRY_BASE_MS: '20' },
      { redisPrefix: prefix, catalogue: bookshelfCatalogue },
    );
  });
  afterAll(async () => {
    await harness.close();
    await deletePrefix(prefix);
  });
  beforeEach(() => harness.upstream.reset());

  it('runs a job through the pipeline and serves the REST envelope as its result, charged once', async () => {
    serveShelves(harness.upstream);
    const before = await balance();
    const created = await post('/v1/jobs', { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'synthetic', limit: 3 } });
    expect(created.status).toBe(202);
    expect(created.body.data).toMatchObject({
      status: 'queued',
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'synthetic', limit: 3 },
      pollUrl: `/v1/jobs/${created.body.data.id}`,
    });
    const job = await pollJob(harness.baseUrl, created.body.data.id, finished);
    expect(job).toMatchObject({ status: 'succeeded', progress: { total: 1, done: 1, failed: 0 }, creditsCharged: 1 });
    expect(job.result).toMatchObject({ success: true, meta: { creditsCharged: 1, cached: false } });
    expect(job.result.data.items).toHaveLength(3);
    expect(await balance()).toBe(before - 1);
  });

  it('bills each batch target like a live request: failed and empty targets are free', async () => {
    serveShelves(harness.upstream);
    const before = await balance();
    const targets = [{ shelf: 'good1' }, { shelf: 'empty1' }, { shelf: 'broken1' }, { shelf: 'good2' }];
    const created = await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets });
    expect(created.status).toBe(202);
    expect(created.body.data).toMatchObject({ status: 'queued', total: 4 });
    const job = await pollJob(harness.baseUrl, created.body.data.id, finished, { timeoutMs: 20_000 });
    expect(job).toMatchObject({ status: 'succeeded', progress: { total: 4, done: 4, failed: 1 }, creditsCharged: 2 });
    expect(job.results.map((each: any) => [each.index, each.status, each.creditsCharged])).toEqual([
      [0, 'succeeded', 1],
      [1, 'succeeded', 0],
      [2, 'failed', 0],
      [3, 'succeeded', 1],
    ]);
    expect(job.results[1].result.meta).toMatchObject({ empty: true, creditsCharged: 0 });
    expect(job.results[2].result).toMatchObject({ success: false, error: { code: 'upstream_blocked' } });
    expect(job.results[0].params).toEqual({ shelf: 'good1' });
    expect(await balance()).toBe(before - 2);
  });

  it('pages batch results by cursor', async () => {
    serveShelves(harness.upstream);
    const created = await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(7, 'page') });
    const id = created.body.data.id;
    await pollJob(harness.baseUrl, id, finished);
    const first = (await send(harness.baseUrl, 'GET', `/v1/jobs/${id}?limit=3`)).body.data;
    expect(first.results.map((each: any) => each.index)).toEqual([0, 1, 2]);
    expect(first.pagination).toEqual({ cursor: '3', hasMore: true });
    const last = (await send(harness.baseUrl, 'GET', `/v1/jobs/${id}?limit=3&cursor=6`)).body.data;
    expect(last.results.map((each: any) => each.index)).toEqual([6]);
    expect(last.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('refuses a batch with invalid targets, listing each bad index, and queues nothing', async () => {
    serveShelves(harness.upstream);
    const targets = [{ shelf: 'fine' }, { shelf: 'bad name!' }, { shelf: 'ok', limit: 1000 }, { shelf: 'xy', bogus: 1 }];
    const answer = await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_request');
    expect(answer.body.error.details.targets.map((each: any) => [each.index, each.param])).toEqual([
      [1, 'shelf'],
      [2, 'limit'],
      [3, 'bogus'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses unknown endpoints, empty and oversized batches', async () => {
    expect((await post('/v1/jobs', { endpoint: '/v1/nope', params: {} })).body.error).toMatchObject({
      code: 'invalid_request',
      details: { param: 'endpoint' },
    });
    expect((await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/book', targets: [] })).status).toBe(400);
    expect((await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(501) })).status).toBe(400);
  });

  it('replays the same job for the same Idempotency-Key and body; another body is 409', async () => {
    serveShelves(harness.upstream);
    const body = { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(2, 'idem') };
    const first = await post('/v1/jobs/batch', body, { idempotencyKey: 'key-1' });
    const again = await post('/v1/jobs/batch', { targets: body.targets, endpoint: body.endpoint }, { idempotencyKey: 'key-1' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const conflict = await post('/v1/jobs/batch', { ...body, targets: shelfTargets(3, 'idem') }, { idempotencyKey: 'key-1' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    const job = await pollJob(harness.baseUrl, first.body.data.id, finished);
    expect(job.creditsCharged).toBe(2);
  });

  it('hides a job from every other key (404) and refuses a missing key (401)', async () => {
    serveShelves(harness.upstream);
    const created = await post('/v1/jobs', { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'mine' } });
    const other = await send(harness.baseUrl, 'GET', `/v1/jobs/${created.body.data.id}`, { key: POOR_KEY });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    expect((await send(harness.baseUrl, 'DELETE', `/v1/jobs/${created.body.data.id}`, { key: POOR_KEY })).status).toBe(404);
    const anonymous = await fetch(`${harness.baseUrl}/v1/jobs/${created.body.data.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('holds the per-family concurrency limit (BOOKSHELF_CONCURRENCY=3)', async () => {
    serveShelves(harness.upstream, 30);
    const created = await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(24, 'conc') });
    const job = await pollJob(harness.baseUrl, created.body.data.id, finished, { timeoutMs: 20_000 });
    expect(job.progress).toEqual({ total: 24, done: 24, failed: 0 });
    expect(harness.upstream.maxConcurrent).toBe(3);
  });

  it('cancels a queued batch: no further targets run, finished ones keep their charge', async () => {
    serveShelves(harness.upstream, 50);
    const created = await post('/v1/jobs/batch', { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(30, 'cancel') });
    const id = created.body.data.id;
    await pollJob(harness.baseUrl, id, (job) => job.progress.done >= 3);
    const canceled = await send(harness.baseUrl, 'DELETE', `/v1/jobs/${id}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe('canceled');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const job = (await send(harness.baseUrl, 'GET', `/v1/jobs/${id}?limit=500`)).body.data;
    expect(job.status).toBe('canceled');
    expect(job.progress.done).toBeLessThan(30);
    const charged = job.results.filter((each: any) => each.creditsCharged === 1).length;
    expect(job.creditsCharged).toBe(charged);
  });
});
