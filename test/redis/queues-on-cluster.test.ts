import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyClaimKey } from '../../src/jobs/redis-keys.js';
import { RedisJobStore } from '../../src/jobs/redis-store.js';
import { accountSubscriptionsKey } from '../../src/subscriptions/redis-keys.js';
import { RedisSubscriptionStore } from '../../src/subscriptions/redis-store.js';
import { RedisWatchRegistry } from '../../src/subscriptions/redis-watch-registry.js';
import { deletePrefix, redisStates, STATE_REDIS, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { queuedJob } from '../support/job-service.js';
import { shelfTargets, finished, pollJob, send, serveShelves } from '../jobs/support.js';
import { storeEnv } from './store-target.js';

/**
 * Jobs, subscriptions and shared watches where the state suites run: on a Redis Cluster when
 * REDIS_CLUSTER_NODES is set (every multi-key step stays within one hash tag; the claims and
 * indexes across them are separate steps), else on one node.
 */
describe.skipIf(!STATE_REDIS)('jobs, subscriptions and watches on the shared store', () => {
  const prefix = testPrefix();
  const states = redisStates();
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ ...storeEnv(), WEBHOOK_ALLOW_PRIVATE: 'true' }, { redisPrefix: prefix, catalogue: bookshelfCatalogue });
    serveShelves(harness.upstream);
  });
  afterAll(async () => {
    await harness?.close();
    await states.cleanup();
    await deletePrefix(prefix);
  });

  it('runs a job and a batch through the queues; an Idempotency-Key replays the same body and refuses another', async () => {
    const body = { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'cone' } };
    const headers = { 'idempotency-key': 'cluster-1' };
    const created = await send(harness.baseUrl, 'POST', '/v1/jobs', { body, headers });
    expect(created.status).toBe(202);
    const job = await pollJob(harness.baseUrl, created.body.data.id, finished, { timeoutMs: 20_000 });
    expect(job).toMatchObject({ status: 'succeeded', creditsCharged: 1 });

    const replayed = await send(harness.baseUrl, 'POST', '/v1/jobs', { body, headers });
    expect(replayed).toMatchObject({ status: 202, body: { data: { id: created.body.data.id } } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const other = await send(harness.baseUrl, 'POST', '/v1/jobs', { body: { ...body, params: { shelf: 'ctwo' } }, headers });
    expect(other.body.error?.code).toBe('idempotency_conflict');

    const batch = await send(harness.baseUrl, 'POST', '/v1/jobs/batch', {
      body: { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(5, 'cb') },
    });
    const done = await pollJob(harness.baseUrl, batch.body.data.id, finished, { timeoutMs: 20_000 });
    expect(done).toMatchObject({ status: 'succeeded', progress: { total: 5, done: 5, failed: 0 }, creditsCharged: 5 });
  });

  it('creates, lists and deletes subscriptions', async () => {
    const create = (shelf: string) =>
      send(harness.baseUrl, 'POST', '/v1/subscriptions', {
        body: { endpoint: '/v1/bookshelf/shelf', params: { shelf }, webhookUrl: 'http://127.0.0.1:9/hook', intervalSeconds: 3600 },
      });
    const first = await create('suba');
    const second = await create('subb');
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = async () => (await send(harness.baseUrl, 'GET', '/v1/subscriptions')).body.data.items.map((item: any) => item.id);
    expect(await ids()).toEqual([first.body.data.id, second.body.data.id]);
    expect((await send(harness.baseUrl, 'DELETE', `/v1/subscriptions/${first.body.data.id}`)).status).toBe(200);
    expect(await ids()).toEqual([second.body.data.id]);
    expect((await send(harness.baseUrl, 'GET', `/v1/subscriptions/${first.body.data.id}`)).status).toBe(404);
  });

  it('completes a claimed Idempotency-Key whose job its first writer never stored, under the claimed id, and frees it when abandoned', async () => {
    const state = await states.create();
    const store = new RedisJobStore(state.store, { retentionSeconds: 60 });
    const claim = { key: 'acct_0000000000000001:retry-me', fingerprint: 'fp-1' };
    // The first request claimed the key and stopped before writing its job.
    await state.store.client.set(idempotencyClaimKey(state.prefix, claim.key), 'job_claimed|fp-1');
    const job = queuedJob({ id: 'job_second', accountId: 'acct_0000000000000001', kind: 'job' });
    const targets = [{ input: { shelf: 'x' } }] as never;
    expect(await store.create(job, targets, claim)).toMatchObject({ kind: 'created', job: { id: 'job_claimed' } });
    expect(await store.get('job_claimed')).toMatchObject({ id: 'job_claimed', status: 'queued', total: 1 });
    expect(await store.get('job_second')).toBeNull();
    expect(await store.create({ ...job, id: 'job_third' }, targets, claim)).toEqual({ kind: 'replayed', jobId: 'job_claimed' });
    expect(await store.create({ ...job, id: 'job_fourth' }, targets, { ...claim, fingerprint: 'fp-2' })).toEqual({ kind: 'conflict' });
    // Its targets could not be queued: canceled, and the key free for the caller's retry.
    await store.abandon('job_claimed', claim, new Date().toISOString());
    expect(await store.get('job_claimed')).toMatchObject({ status: 'canceled' });
    expect(await store.create({ ...job, id: 'job_fifth' }, targets, claim)).toMatchObject({ kind: 'created', job: { id: 'job_fifth' } });
    // A late abandon of the first job leaves the new claim alone.
    await store.abandon('job_claimed', claim, new Date().toISOString());
    expect(await store.create({ ...job, id: 'job_sixth' }, targets, claim)).toEqual({ kind: 'replayed', jobId: 'job_fifth' });
  });

  it('drops an account index entry whose subscription is gone, once it is old enough not to be a create in progress', async () => {
    const state = await states.create();
    const store = new RedisSubscriptionStore(state.store);
    const index = accountSubscriptionsKey(state.prefix, 'acct_0000000000000002');
    await state.store.client.zAdd(index, [
      { score: Date.now() - 3_600_000, value: 'sub_gone' },
      { score: Date.now(), value: 'sub_being_made' },
    ]);
    expect(await store.idsOf('acct_0000000000000002')).toEqual([]);
    expect(await state.store.client.zRange(index, 0, -1)).toEqual(['sub_being_made']);
  });

  it('adds and forgets watched targets, counting only live ones', async () => {
    const state = await states.create();
    const registry = new RedisWatchRegistry(state.store);
    const target = { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'w' } };
    await registry.add('w_1', target, 'sub_a', { intervalMs: 1000, expiresAt: null });
    await registry.add('w_2', target, 'stream_b', { intervalMs: 1000, expiresAt: Date.now() + 60_000 });
    expect(await registry.counts(Date.now())).toEqual({ targets: 2, subscribers: 2 });
    expect(await registry.forgetIfEmpty('w_1')).toBe(false);
    await registry.remove('w_1', 'sub_a');
    expect(await registry.forgetIfEmpty('w_1')).toBe(true);
    expect(await registry.target('w_1')).toBeNull();
    expect(await registry.counts(Date.now())).toEqual({ targets: 1, subscribers: 1 });
    expect(await registry.target('w_2')).toEqual(target);
  });
});
