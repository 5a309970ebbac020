import { afterAll } from 'vitest';
import { MemoryLeases, RedisLeases } from '../../src/state/lease/index.js';
import { leaseContract } from './lease-contract.js';
import { redisStates, STATE_REDIS } from './redis-support.js';

leaseContract('memory', async () => {
  const leases = new MemoryLeases();
  return { one: leases, two: leases };
});

const states = redisStates();
afterAll(() => states.cleanup());

leaseContract(
  'redis',
  async () => {
    // Two connections on one prefix: two processes, as far as the leases can tell.
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    return { one: new RedisLeases(first.store), two: new RedisLeases(second.store) };
  },
  { skip: !STATE_REDIS },
);
