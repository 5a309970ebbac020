import { afterAll, describe, expect, it } from 'vitest';
import { MemoryFlights, RedisFlights } from '../../src/state/flights/index.js';
import { flightsContract } from './flights-contract.js';
import { redisStates, STATE_REDIS } from './redis-support.js';

flightsContract('memory', async () => {
  const flights = new MemoryFlights();
  return { one: flights, two: flights, apart: false };
});

const states = redisStates();
afterAll(() => states.cleanup());

flightsContract(
  'redis',
  async ({ leaseMs }) => {
    // Two connections on one prefix: two processes, as far as the flights can tell.
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    return {
      one: new RedisFlights(first.store, first.pubsub, { leaseMs }),
      two: new RedisFlights(second.store, second.pubsub, { leaseMs }),
      apart: true,
      // A closed connection renews nothing and answers nothing: the lease lapses as a dead process's does.
      killOne: () => first.close(),
    };
  },
  { skip: !STATE_REDIS },
);

describe.skipIf(!STATE_REDIS)('redis flights when the store cannot coordinate', () => {
  it('fetches alone instead of failing the call', async () => {
    const state = await states.create();
    const flights = new RedisFlights(state.store, state.pubsub);
    await state.close();
    expect(await flights.share('away', async () => 'fetched alone')).toEqual({ answer: 'fetched alone', role: 'unshared' });
  });
});
