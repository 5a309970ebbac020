import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { createRedisState, type RedisState, type RedisStateOptions } from '../../src/state/redis/index.js';

/** Set when a Redis answers (CI exports it); Redis-backed tests skip without it. */
export const REDIS_URL = process.env.REDIS_URL;

/** A key prefix of its own for each test run, so parallel test files never share state. */
export const testPrefix = (): string => `test:${randomUUID()}:`;

/** Everything a run stored under its prefix, deleted. */
export async function deletePrefix(prefix: string, url = REDIS_URL): Promise<number> {
  if (!url) return 0;
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  let deleted = 0;
  try {
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (batch.length > 0) deleted += await client.del(batch);
    }
  } finally {
    await client.close();
  }
  return deleted;
}

/** Redis states on fresh prefixes, all closed and deleted by cleanup(). */
export function redisStates(defaults: Partial<RedisStateOptions> = {}) {
  const opened: RedisState[] = [];
  return {
    async create(options: Partial<RedisStateOptions> = {}): Promise<RedisState> {
      const state = await createRedisState({
        url: REDIS_URL!,
        prefix: testPrefix(),
        cacheRetentionSeconds: 3600,
        sweepIntervalMs: 0,
        ...defaults,
        ...options,
      });
      opened.push(state);
      return state;
    },
    async cleanup(): Promise<void> {
      for (const state of opened.splice(0)) {
        await state.close();
        await deletePrefix(state.prefix);
      }
    },
  };
}
