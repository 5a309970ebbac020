import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdFromHash, hashKey } from '../../src/state/key-hash.js';
import { createRedisState } from '../../src/state/redis/index.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { serveShelves } from '../jobs/support.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { REDIS_URL } from '../state/redis-support.js';
import { hasRedisServer, spawnGateway, startOwnRedis, type ChildGateway, type OwnRedis } from './processes.js';

const KEY = 'sk_test_outage_key';
const OPENING_BALANCE = 100_000;
/** The test family's shelf endpoint (test/families/bookshelf). */
const PATH = '/v1/bookshelf/shelf?shelf=synthetic&limit=2';
const WORKERS = 4;

interface Sample {
  startedAt: number;
  endedAt: number;
  status: number;
  /** meta.creditsCharged and error.code of the envelope. */
  charged: number;
  code: string | null;
  retryAfter: string | null;
  requestId: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.skipIf(!REDIS_URL || !hasRedisServer)('a gateway whose Redis goes away under traffic', () => {
  const upstream = new FakeUpstream();
  let upstreamDelayMs = 0;
  let redis: OwnRedis;
  let gateway: ChildGateway;

  beforeAll(async () => {
    serveShelves(upstream, () => upstreamDelayMs);
    const origin = await upstream.start();
    redis = await startOwnRedis();
    // The real entry point (with the test family registered), configured as an operator would.
    gateway = await spawnGateway('test/support/bookshelf-main.ts', {
      PORT: '0',
      REDIS_URL: redis.url,
      API_KEYS: `${KEY}=${OPENING_BALANCE}`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      LOG_LEVEL: 'silent',
    });
  }, 150_000);

  afterAll(async () => {
    await gateway?.stop();
    await redis?.stop();
    await upstream.stop();
  });

  it('answers 503 with Retry-After within a second, charges nothing for it, and recovers by itself', async () => {
    const samples: Sample[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const startedAt = Date.now();
        const response = await fetch(gateway.url + PATH, { headers: { 'x-api-key': KEY } });
        const body = (await response.json()) as { meta: { creditsCharged: number }; error?: { code: string } };
        samples.push({
          startedAt,
          endedAt: Date.now(),
          status: response.status,
          charged: body.meta.creditsCharged,
          code: body.error?.code ?? null,
          retryAfter: response.headers.get('retry-after'),
          requestId: response.headers.get('x-request-id'),
        });
        await sleep(20);
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    const served = () => samples.filter((sample) => sample.status === 200);

    await until(() => served().length >= 20, 10_000, 'traffic to flow');
    // Park every request in flight at the upstream, after its reservation, so none is
    // between Redis's answer and its reply when Redis dies: the kill stays unambiguous.
    upstreamDelayMs = 700;
    await sleep(250);
    const killedAt = Date.now();
    await redis.kill();

    await sleep(300);
    const readyDuringOutage = await fetch(`${gateway.url}/readyz`);
    expect(readyDuringOutage.status).toBe(503);
    const graphql = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': KEY },
      body: JSON.stringify({ query: '{ bookshelfShelf(shelf: "synthetic", limit: 2) { items { title } } }' }),
    });
    expect(graphql.status).toBe(503);
    expect((await graphql.json()).errors[0].extensions.code).toBe('service_unavailable');
    await sleep(1200);

    upstreamDelayMs = 0;
    await redis.start();
    const restartedAt = Date.now();
    await until(() => served().some((sample) => sample.startedAt > restartedAt), 10_000, 'traffic to succeed again');
    const recoveredAt = Math.min(
      ...served()
        .filter((sample) => sample.startedAt > restartedAt)
        .map((sample) => sample.endedAt),
    );
    await sleep(200);
    running = false;
    await Promise.all(workers);

    expect(new Set(samples.map((sample) => sample.status))).toEqual(new Set([200, 503]));
    expect(served().every((sample) => sample.charged === 1)).toBe(true);
    const duringOutage = samples.filter((sample) => sample.startedAt > killedAt + 20 && sample.endedAt < restartedAt);
    expect(duringOutage.length).toBeGreaterThan(20);
    for (const sample of duringOutage) {
      expect(sample).toMatchObject({ status: 503, charged: 0, code: 'service_unavailable' });
      expect(Number(sample.retryAfter)).toBeGreaterThan(0);
      expect(sample.endedAt - sample.startedAt).toBeLessThan(1000);
    }
    expect(recoveredAt - restartedAt).toBeLessThan(5000);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);

    // The ledger after the restart: a charge for every 200 and for nothing else; credits of
    // requests cut off mid-way are held (and later swept back), never lost or charged.
    const state = await createRedisState({ url: redis.url, cacheRetentionSeconds: 60, sweepIntervalMs: 0 });
    try {
      const accountId = accountIdFromHash(hashKey(KEY));
      const charges = (await state.ledger.history(accountId, 1000)).filter((entry) => entry.kind === 'charge');
      expect(charges.length).toBeLessThan(1000);
      expect(new Set(charges.map((entry) => entry.requestId))).toEqual(new Set(served().map((sample) => sample.requestId)));
      expect(charges).toHaveLength(served().length);
      // Each request parked at the upstream when Redis died had reserved its credit and
      // could not settle it: that credit is held, to return when the hold lapses (the sweep).
      const cutOff = samples.filter((sample) => sample.startedAt < killedAt && sample.endedAt > killedAt);
      expect(cutOff.every((sample) => sample.status === 503)).toBe(true);
      const { balance } = await state.ledger.usage(accountId, null);
      const stillHeld = OPENING_BALANCE - balance - charges.length;
      expect(stillHeld).toBe(cutOff.length);
    } finally {
      await state.close();
    }
  }, 40_000);
});
