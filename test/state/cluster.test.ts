import { afterAll, describe, expect, it } from 'vitest';
import { isCluster, StoreConnectError } from '../../src/state/redis/connection.js';
import { createRedisState } from '../../src/state/redis/index.js';
import { clusterSeeds, keysUnder, redisStates, withMasters } from './redis-support.js';

const meta = { endpoint: '/v1/test', requestId: 'req-cluster' };

describe('a Redis Cluster that cannot be reached at start-up', () => {
  it('stops start-up with one line naming REDIS_CLUSTER_NODES and the seeds', async () => {
    const failure = createRedisState({ clusterNodes: [{ host: '127.0.0.1', port: 1 }], cacheRetentionSeconds: 60, connectTimeoutMs: 500 });
    await expect(failure).rejects.toBeInstanceOf(StoreConnectError);
    await expect(failure).rejects.toThrow(/^Cannot reach the Redis Cluster at REDIS_CLUSTER_NODES \(127\.0\.0\.1:1\): /);
  });

  it('refuses a Redis URL and cluster seed nodes together', async () => {
    await expect(
      createRedisState({ url: 'redis://127.0.0.1:1', clusterNodes: [{ host: '127.0.0.1', port: 1 }], cacheRetentionSeconds: 60 }),
    ).rejects.toThrow(RangeError);
  });
});

/** What only a Redis Cluster shows; the shared contract suites run on it too (redis.test.ts and the others). */
describe.skipIf(!clusterSeeds)('state on a Redis Cluster', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());

  it('spreads accounts over every master, each account whole on one slot', async () => {
    const state = await states.create();
    expect(isCluster(state.store.client)).toBe(true);
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      const { id } = await state.keys.seed(`sk_test_cluster_spread_${index}`, 5, null);
      await state.ledger.reserve(id, `spread-${index}`, 1, null, meta);
      await state.ledger.commit(id, `spread-${index}`);
      ids.push(id);
    }
    const perMaster = await withMasters(async (masters) => {
      const counts: number[] = [];
      for (const master of masters) {
        let count = 0;
        for await (const batch of master.scanIterator({ MATCH: `${state.prefix}*`, COUNT: 500 })) count += batch.length;
        counts.push(count);
      }
      return counts;
    });
    expect(perMaster.length).toBeGreaterThanOrEqual(3);
    for (const count of perMaster) expect(count).toBeGreaterThan(0);
    expect((await state.keys.list()).map((record) => record.id).sort()).toEqual([...ids].sort());
    // An account's keys all carry its tag, so they share one slot.
    const keys = await keysUnder(state.prefix);
    const tagged = keys.filter((key) => key.includes(`{${ids[0]!}}`));
    expect(tagged.length).toBeGreaterThanOrEqual(4);
    // Every name carries a hash tag, the indexes across accounts included.
    expect(keys.filter((key) => !/\{[^{}]+\}/.test(key))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining([state.store.keys.accounts(), state.store.keys.holding()]));
  });

  it('sweeps lapsed holds account by account through the index of accounts with holds', async () => {
    const state = await states.create({ holdSeconds: 0.05 });
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const { id } = await state.keys.seed(`sk_test_cluster_sweep_${index}`, 2, null);
      await state.ledger.reserve(id, 'lapsing', 2, null, meta);
      ids.push(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await state.ledger.sweepLapsedHolds()).toBe(6);
    expect(await state.ledger.sweepLapsedHolds()).toBe(0);
    expect(await state.store.client.zCard(state.store.keys.holding())).toBe(0);
    for (const id of ids) expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, held: 0 });
  });

  it('fans messages out over sharded channels between processes', async () => {
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    const received: string[] = [];
    const stop = await second.pubsub.subscribe('cluster-topic', (message) => received.push(message));
    await first.pubsub.publish('cluster-topic', 'across');
    await expect.poll(() => received).toEqual(['across']);
    await stop();
  });

  it('waits for a replica before acknowledging a charge when asked to', async () => {
    const state = await states.create({ minReplicasAck: 1 });
    const { id } = await state.keys.seed('sk_test_cluster_wait', 3, null);
    await state.ledger.reserve(id, 'acked', 1, null, meta);
    await state.ledger.commit(id, 'acked');
    expect(await state.ledger.history(id, 10)).toHaveLength(1);
  });

  it('refuses to acknowledge a charge fewer replicas than asked confirmed', async () => {
    const state = await states.create({ minReplicasAck: 5 });
    const { id } = await state.keys.seed('sk_test_cluster_wait_many', 3, null);
    await state.ledger.reserve(id, 'unacked', 1, null, meta);
    // Nor can its take-back be confirmed by five: the caller hears the charge may stand.
    await expect(state.ledger.commit(id, 'unacked')).rejects.toMatchObject({
      code: 'service_unavailable',
      retryAfter: 1,
      details: { chargeMayStand: true },
    });
    // Taken back on the master all the same: the balance is whole and the usage names no charge.
    expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3, held: 0 });
    expect(await state.ledger.history(id, 10)).toEqual([]);
  });
});
