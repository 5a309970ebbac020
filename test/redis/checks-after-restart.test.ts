import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { balanceOf, eventually, subscribe, watchShelf, WebhookReceiver } from '../subscriptions/support.js';
import { hasRedisServer, startOwnRedis, type OwnRedis } from './processes.js';

const INTERVAL_SECONDS = 2;
/**
 * What a check may take beyond its interval after Redis returns: reconnection (at most 0.5 s
 * apart) and a loaded machine. It comes about 0.4 s after Redis returns; without the wake, after
 * BullMQ's 10 s wait, which this bound (7.5 s) still tells apart.
 */
const SLACK_MS = 5500;
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A check worker blocked waiting for its next scheduled check loses, with the connection, the
 * time that check is due; BullMQ's next wait then lasts its 10 s ceiling while the check is
 * overdue, so a subscription went silent for about 10 s after Redis came back. A private
 * redis-server (AOF), killed and started again: the shared one must not be disturbed.
 */
describe.skipIf(!hasRedisServer)('scheduled checks after Redis restarts', () => {
  let redis: OwnRedis;
  let harness: Harness;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    redis = await startOwnRedis();
    harness = await startHarness({ ...ENV, REDIS_URL: redis.url }, { redisPrefix: 'restart:', catalogue: bookshelfCatalogue });
    await receiver.start();
  }, 30_000);

  afterAll(async () => {
    await harness?.close();
    await receiver.stop();
    await redis?.stop();
  });

  it('runs the overdue check within an interval of Redis returning, and delivers and charges its change once', async () => {
    const shelf = watchShelf(harness.upstream, 'restarted');
    const { id, secret } = await subscribe(harness, 'restarted', receiver.url, RICH_KEY, INTERVAL_SECONDS);
    receiver.secret = secret;
    // The schedule runs: one scheduled check after the baseline.
    const afterBaseline = shelf.requests;
    await eventually(() => (shelf.requests > afterBaseline ? true : undefined), 'a scheduled check', 15_000);
    const balance = await balanceOf(harness);

    await redis.kill();
    shelf.books = [{ id: 'down1', title: 'Dana' }, ...shelf.books];
    // Away longer than an interval: the next check is due before Redis returns.
    await sleep(INTERVAL_SECONDS * 1000 + 1500);
    const beforeReturn = shelf.requests;
    await redis.start();
    const returnedAt = Date.now();

    await eventually(() => (shelf.requests > beforeReturn ? true : undefined), 'a check after Redis returned', 30_000);
    expect(Date.now() - returnedAt).toBeLessThan(INTERVAL_SECONDS * 1000 + SLACK_MS);

    const changed = () => receiver.received.filter((delivery) => delivery.verified?.type === 'content.changed');
    await eventually(() => changed()[0], 'the change delivered', 15_000);
    // Two more checks see the same content: nothing more to deliver or charge.
    const settled = shelf.requests;
    await eventually(() => (shelf.requests >= settled + 2 ? true : undefined), 'two more checks', 15_000);
    expect(changed()).toHaveLength(1);
    expect(changed()[0]!.verified).toMatchObject({ subscriptionId: id });
    expect(changed()[0]!.verified!.data.items[0].id).toBe('down1');
    expect(await balanceOf(harness)).toBe(balance - 1);
  }, 90_000);
});
