import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptionKeys } from '../../src/subscriptions/redis-keys.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { eventually, subscribe, watchCommunity, WebhookReceiver } from './support.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' };

describe('never two checks of one subscription at once (memory)', () => {
  let harness: Harness | undefined;
  afterAll(() => harness?.close());

  it('runs one of two concurrent checks; the other reports busy, and the upstream sees one fetch', async () => {
    harness = await startHarness(ENV);
    const receiver = new WebhookReceiver();
    await receiver.start();
    try {
      const community = watchCommunity(harness.upstream, 'locked');
      const { id } = await subscribe(harness, 'locked', receiver.url);
      community.delayMs = 300;
      const requests = community.requests;
      const reports = await Promise.all([harness.gateway.subscriptions.checkNow(id), harness.gateway.subscriptions.checkNow(id)]);
      expect(reports).toContainEqual({ ran: true, outcome: 'unchanged' });
      expect(reports).toContainEqual({ ran: false, reason: 'busy' });
      expect(community.requests).toBe(requests + 1);
      // The lock is free again afterwards.
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    } finally {
      await receiver.stop();
    }
  });
});

describe.skipIf(!REDIS_URL)('subscriptions on Redis', () => {
  const prefix = testPrefix();
  const opened: Harness[] = [];
  const receiver = new WebhookReceiver();
  const open = async () => {
    const harness = await startHarness({ ...ENV, REDIS_URL: REDIS_URL! }, { redisPrefix: prefix });
    opened.push(harness);
    return harness;
  };
  afterAll(async () => {
    for (const harness of opened) await harness.close().catch(() => {});
    await receiver.stop();
    await deletePrefix(prefix);
  });

  it('keeps records in Redis under the state prefix and survives a restart: another gateway on the same prefix continues the checks', async () => {
    await receiver.start();
    const first = await open();
    const community = watchCommunity(first.upstream, 'durable');
    const { id, secret } = await subscribe(first, 'durable', receiver.url, undefined, 1);
    receiver.secret = secret;

    const client = createClient({ url: REDIS_URL });
    await client.connect();
    try {
      expect(await client.exists(subscriptionKeys(prefix, id).record)).toBe(1);
      expect(JSON.parse((await client.hGet(subscriptionKeys(prefix, id).record, 'webhookUrl'))!)).toBe(receiver.url);
      const schedulerKeys = await client.keys(`${prefix}bull:{subscription-checks}:*`);
      expect(schedulerKeys.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }

    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const second = await open();
    // The second gateway's fake upstream serves the changed content; the first one is gone.
    const moved = watchCommunity(second.upstream, 'durable');
    moved.posts = [{ id: 'restart1', author: 'rita' }, ...community.posts];
    // Reach the new fake upstream: the checks run in the second gateway, from the schedule in Redis.
    const delivery = await eventually(() => receiver.received[0], 'a delivery from the second gateway', 15_000);
    expect(delivery.verifyError).toBeNull();
    expect(delivery.verified).toMatchObject({ type: 'content.changed', subscriptionId: id });
    expect(delivery.verified!.data.items[0].id).toBe('restart1');
    expect(moved.requests).toBeGreaterThan(0);
    expect(await second.gateway.subscriptions.get((await second.gateway.state.keys.lookup(RICH_KEY))!.id, id)).toMatchObject({
      status: 'active',
    });
  });

  it('holds a per-subscription lock across processes: two gateways checking at once fetch once', async () => {
    const [one, two] = [await open(), await open()];
    const own = new WebhookReceiver();
    await own.start();
    try {
      const community = watchCommunity(one.upstream, 'shared');
      const other = watchCommunity(two.upstream, 'shared');
      const { id } = await subscribe(one, 'shared', own.url);
      community.delayMs = 300;
      other.delayMs = 300;
      const before = community.requests + other.requests;
      const reports = await Promise.all([one.gateway.subscriptions.checkNow(id), two.gateway.subscriptions.checkNow(id)]);
      expect(reports.filter((report) => report.ran)).toHaveLength(1);
      expect(reports).toContainEqual({ ran: false, reason: 'busy' });
      expect(community.requests + other.requests).toBe(before + 1);
    } finally {
      await own.stop();
    }
  });
});
