import type { ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import { CHECK_LEASE_TTL_MS, checkLeaseName } from '../../src/subscriptions/check-lease.js';
import { GATEWAY_START_ALLOWANCE_MS, kill, spawnWorker } from '../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, upstreamOrigins, type Harness } from '../support/gateway.js';
import { balanceOf, eventually, send, subscribe, watchShelf, WebhookReceiver } from './support.js';

/** Two worker starts one after the other, each allowed what a gateway start is, and the test's own work. */
const RECOVERY_TEST_MS = 2 * GATEWAY_START_ALLOWANCE_MS + 90_000;

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' };
/** Long enough that a hung check is still running when its worker is killed. */
const UPSTREAM_TIMEOUT_MS = '30000';
const INTERVAL_SECONDS = 2;

const changesIn = (receiver: WebhookReceiver) => receiver.received.filter((delivery) => delivery.verified?.type === 'content.changed');

/** On the test family's shelf endpoint (test/families/bookshelf), registered in the worker processes too. */
describe.skipIf(!REDIS_URL)('subscription checks after a crash (Redis)', () => {
  const prefix = testPrefix();
  const workers: ChildProcess[] = [];
  const receivers: WebhookReceiver[] = [];
  const harnesses: Harness[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => kill(worker, 'SIGKILL')));
    for (const harness of harnesses) await harness.close().catch(() => {});
    for (const receiver of receivers) await receiver.stop().catch(() => {});
    await deletePrefix(prefix);
  });

  it(
    'runs the next check within one interval and a lease ttl of a worker killed mid-check, and delivers the change made meanwhile once',
    async () => {
      // The HTTP side runs no checks: every check runs in the worker processes.
      const harness = await startHarness(
        { ...ENV, REDIS_URL: REDIS_URL!, WORKERS: 'off', UPSTREAM_TIMEOUT_MS },
        { redisPrefix: prefix, catalogue },
      );
      harnesses.push(harness);
      const receiver = new WebhookReceiver();
      receivers.push(receiver);
      await receiver.start();
      const workerEnv = {
        ...ENV,
        REDIS_URL: REDIS_URL!,
        TEST_REDIS_PREFIX: prefix,
        UPSTREAM_ORIGINS: upstreamOrigins(harness.upstreamOrigin, catalogue.families),
        UPSTREAM_TIMEOUT_MS,
        LOG_LEVEL: 'silent',
      };
      const shelf = watchShelf(harness.upstream, 'crashed');
      workers.push(await spawnWorker(workerEnv));
      const { id, secret } = await subscribe(harness, 'crashed', receiver.url, RICH_KEY, INTERVAL_SECONDS);
      receiver.secret = secret;
      const balanceBefore = await balanceOf(harness);

      // The upstream hangs: the next check stays open, and its worker is killed in the middle of it.
      shelf.delayMs = 120_000;
      const requestsBefore = shelf.requests;
      await eventually(() => (shelf.requests > requestsBefore ? true : undefined), 'a check to be in flight', 15_000);
      await kill(workers[0]!, 'SIGKILL');
      const killedAt = Date.now();

      // During the outage the content changes and the upstream answers again.
      shelf.books = [{ id: 'outage1', title: 'Olga' }, ...shelf.books];
      shelf.delayMs = 0;
      workers.push(await spawnWorker(workerEnv));
      const readyAt = Date.now();

      await eventually(() => changesIn(receiver)[0], 'the change to be delivered', 60_000);
      const deliveredAt = Date.now();
      // The dead check's lease lapses CHECK_LEASE_TTL_MS after its last renewal; after that (and
      // once a worker runs) the next scheduled check runs within one interval. A fixed lock would
      // have blocked it for the whole check deadline (5 upstream time-outs plus 30 s: 180 s here).
      const blockedUntil = Math.max(readyAt, killedAt + CHECK_LEASE_TTL_MS);
      expect(deliveredAt - blockedUntil).toBeLessThan(INTERVAL_SECONDS * 1000 + 15_000);

      // Later checks (and the killed check's job, run again by BullMQ) find nothing new.
      const requestsAfter = shelf.requests;
      await eventually(() => (shelf.requests >= requestsAfter + 2 ? true : undefined), 'two more checks', 30_000);
      const changes = changesIn(receiver);
      expect(changes).toHaveLength(1);
      expect(changes[0]!.verifyError).toBeNull();
      expect(changes[0]!.verified).toMatchObject({ type: 'content.changed', subscriptionId: id });
      expect(changes[0]!.verified!.data.items[0].id).toBe('outage1');
      expect(await balanceOf(harness)).toBe(balanceBefore - 1);
    },
    RECOVERY_TEST_MS,
  );

  it('stops a check that lost its lease mid-check without writing or delivering; the next holder delivers the change once', async () => {
    const harness = await startHarness({ ...ENV, REDIS_URL: REDIS_URL! }, { redisPrefix: prefix, catalogue });
    harnesses.push(harness);
    const receiver = new WebhookReceiver();
    receivers.push(receiver);
    await receiver.start();
    const shelf = watchShelf(harness.upstream, 'usurped');
    const { id, secret } = await subscribe(harness, 'usurped', receiver.url);
    receiver.secret = secret;
    const hashBefore = (await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data.hash as string;
    const balanceBefore = await balanceOf(harness);

    shelf.books = [{ id: 'late1', title: 'Lena' }, ...shelf.books];
    shelf.delayMs = 1000;
    const requestsBefore = shelf.requests;
    // A poll still finishing for this subscription (its baseline's) answers busy: ask again until this check is the one in flight.
    let running = harness.gateway.subscriptions.checkNow(id);
    await eventually(async () => {
      if (shelf.requests > requestsBefore) return true;
      const settled = await Promise.race([running, new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]);
      if (settled !== null) running = harness.gateway.subscriptions.checkNow(id);
      return undefined;
    }, 'the check to be in flight');
    // As if this holder had stalled past its ttl: the lease is gone and another holder has it.
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    const leaseKey = new KeyLayout(prefix).lease(checkLeaseName(id));
    try {
      await client.set(leaseKey, 'another-holder', { expiration: { type: 'PX', value: 60_000 } });
      expect(await running).toEqual({ ran: false, reason: 'lease_lost' });
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: false, reason: 'busy' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changesIn(receiver)).toHaveLength(0);
      expect((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data.hash).toBe(hashBefore);
      expect(await balanceOf(harness)).toBe(balanceBefore);

      // The other holder is gone: the next check finds the change and delivers it, once.
      await client.del(leaseKey);
      shelf.delayMs = 0;
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
      await eventually(() => changesIn(receiver)[0], 'the change to be delivered');
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changesIn(receiver)).toHaveLength(1);
      expect(changesIn(receiver)[0]!.verified!.data.items[0].id).toBe('late1');
      expect(await balanceOf(harness)).toBe(balanceBefore - 1);
    } finally {
      await client.close();
    }
  });
});
