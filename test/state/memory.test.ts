import { describe, expect, it } from 'vitest';
import { createMemoryState } from '../../src/state/memory/index.js';
import { MemoryCache } from '../../src/state/memory/cache.js';
import { stateContract } from './ledger-contract.js';

stateContract('memory', async (options) =>
  createMemoryState({ cacheMaxBytes: 1024 * 1024, cacheRetentionSeconds: options?.cacheRetentionSeconds ?? 3600, holdMs: options?.holdMs }),
);

describe('memory cache bounds', () => {
  it('evicts least recently used entries beyond its byte budget', async () => {
    const cache = new MemoryCache({ maxBytes: 10_000, retentionSeconds: 3600 });
    for (let index = 0; index < 100; index++) await cache.set(`k${index}`, { body: 'x'.repeat(500), raw: 'null', fetchedAt: 'now' });
    expect(await cache.get('k0')).toBeNull();
    expect(await cache.get('k99')).not.toBeNull();
  });
});
