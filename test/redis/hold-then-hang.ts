/**
 * A process that reserves credits as a request would and then never settles them: it prints
 * "held <ms since epoch>" once the reservation is written, then waits to be killed.
 * Env: REDIS_URL, TEST_REDIS_PREFIX, ACCOUNT_ID, CREDITS, HOLD_MS.
 */
import { createRedisState } from '../../src/state/redis/index.js';

const state = await createRedisState({
  url: process.env.REDIS_URL!,
  prefix: process.env.TEST_REDIS_PREFIX,
  cacheRetentionSeconds: 60,
  sweepIntervalMs: 0,
});
const outcome = await state.ledger.reserve(process.env.ACCOUNT_ID!, `orphan:${process.pid}`, Number(process.env.CREDITS), null, {
  endpoint: '/v1/test',
  requestId: `orphan:${process.pid}`,
  holdMs: Number(process.env.HOLD_MS),
});
if (!outcome.ok) throw new Error(`not reserved: ${outcome.reason}`);
process.stdout.write(`held ${Date.now()}\n`);
setInterval(() => {}, 60_000);
