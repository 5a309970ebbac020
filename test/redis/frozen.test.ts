import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { authenticate } from '../../src/admission/index.js';
import { createRedisState, type RedisState } from '../../src/state/redis/index.js';
import { REDIS_URL } from '../state/redis-support.js';
import { hasRedisServer, startOwnRedis, type OwnRedis } from './processes.js';

describe.skipIf(!REDIS_URL || !hasRedisServer)('a Redis that stops answering without closing connections', () => {
  let redis: OwnRedis;
  let state: RedisState;

  beforeAll(async () => {
    redis = await startOwnRedis();
    state = await createRedisState({ url: redis.url, cacheRetentionSeconds: 60, sweepIntervalMs: 0, commandTimeoutMs: 300 });
    await state.keys.seed('sk_test_frozen_key', 5, null);
  });

  afterAll(async () => {
    redis?.freeze(false);
    await state?.close();
    await redis?.stop();
  });

  it('fails each call as 503 at the deadline, authentication included, and works again when it thaws', async () => {
    redis.freeze(true);
    const startedAt = Date.now();
    const failure = await authenticate(state.keys, 'sk_test_frozen_key').catch((error: unknown) => error);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ code: 'service_unavailable', status: 503, retryAfter: 1 });
    await expect(state.ledger.reserve('acct_x', 'r', 1, null, { endpoint: '/v1/x', requestId: 'q' })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await state.ready()).toBe(false);

    redis.freeze(false);
    await expect.poll(() => state.ready(), { timeout: 5000 }).toBe(true);
    expect(await authenticate(state.keys, 'sk_test_frozen_key')).toMatchObject({ status: 'active' });
  });

  it('carries pub/sub between two connections on a Redis of its own port', async () => {
    const other = await createRedisState({ url: redis.url, cacheRetentionSeconds: 60, sweepIntervalMs: 0 });
    try {
      const received: string[] = [];
      const stop = await other.pubsub.subscribe('jobs', (message) => received.push(message));
      await state.pubsub.publish('jobs', 'progress 1/2');
      await expect.poll(() => received).toEqual(['progress 1/2']);
      await stop();
    } finally {
      await other.close();
    }
  });
});
