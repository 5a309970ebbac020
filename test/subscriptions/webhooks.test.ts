import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEventsTopic } from '../../src/subscriptions/events.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { balanceOf, eventually, send, subscribe, watchShelf, WebhookReceiver } from './support.js';

const backends = [{ name: 'memory', env: {} as Record<string, string> }, ...(REDIS_URL ? [{ name: 'redis', env: { REDIS_URL } }] : [])];

/** On the test family's shelf endpoint (test/families/bookshelf). */
describe.each(backends)('webhook delivery ($name)', ({ env }) => {
  let harness: Harness;
  const receiver = new WebhookReceiver();
  const prefix = testPrefix();

  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness(
      { ...env, WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' },
      { redisPrefix: prefix, catalogue: bookshelfCatalogue },
    );
  });
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
    await deletePrefix(prefix);
  });

  it('delivers one verified content.changed per real change, nothing for unchanged checks, retries a 500 under the same webhook-id, and is disabled by a 410', async () => {
    const shelf = watchShelf(harness.upstream, 'watched');
    const { id, secret } = await subscribe(harness, 'watched', receiver.url);
    receiver.secret = secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const events: string[] = [];
    const unsubscribe = await harness.gateway.state.pubsub.subscribe(subscriptionEventsTopic(id), (message) => events.push(message));

    // Baseline (already taken) and an unchanged check: nothing sent.
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    expect(receiver.received).toHaveLength(0);
    const baseline = (await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data;
    const before = await balanceOf(harness);

    // A real change: one delivery, verified by the standardwebhooks package, with the contract's payload.
    shelf.books = [{ id: 'p3', title: 'Cedar' }, ...shelf.books];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const first = await eventually(() => receiver.received[0], 'the first delivery');
    expect(first.verifyError).toBeNull();
    const payload = first.verified!;
    expect(Object.keys(payload).sort()).toEqual([
      'changedAt',
      'data',
      'endpoint',
      'hash',
      'params',
      'previousHash',
      'subscriptionId',
      'type',
    ]);
    expect(payload).toMatchObject({
      type: 'content.changed',
      subscriptionId: id,
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf: 'watched', limit: 5 },
      previousHash: baseline.hash,
    });
    expect(payload.hash).not.toBe(baseline.hash);
    expect(payload.data.items.map((book: any) => book.id)).toEqual(['p3', 'p1', 'p2']);
    expect(first.headers['webhook-id']).toBe(
      `msg_${createHash('sha256').update(`${id}\n${payload.hash}\nchange:1`).digest('hex').slice(0, 32)}`,
    );
    expect(Number(first.headers['webhook-timestamp'])).toBeGreaterThan(1_700_000_000);
    expect(first.headers['webhook-signature']).toMatch(/^v1,/);
    expect(await balanceOf(harness)).toBe(before - 1);
    // The same body went out on pub/sub for GraphQL streams.
    await eventually(() => (events.length > 0 ? true : undefined), 'the published event');
    expect(JSON.parse(events[0]!)).toEqual(payload);

    // Unchanged again: no delivery, no charge.
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    expect(receiver.received).toHaveLength(1);
    expect(await balanceOf(harness)).toBe(before - 1);

    // A reorder is a change; the receiver fails once with 500, the retry carries the same webhook-id.
    receiver.plan.push(500);
    shelf.books = [shelf.books[1]!, shelf.books[0]!, shelf.books[2]!];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    await eventually(() => receiver.received[2], 'the retried delivery');
    const [failedTry, retry] = receiver.received.slice(1);
    expect(failedTry!.answeredWith).toBe(500);
    expect(retry!.answeredWith).toBe(200);
    expect(retry!.verifyError).toBeNull();
    expect(retry!.headers['webhook-id']).toBe(failedTry!.headers['webhook-id']);
    expect(retry!.body).toBe(failedTry!.body);
    expect(await balanceOf(harness)).toBe(before - 2);
    const attempts = await eventually(async () => {
      const view = (await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data;
      return view.recentDeliveries.length === 3 ? view.recentDeliveries : undefined;
    }, 'three recorded attempts');
    expect(attempts.map((each: any) => [each.attempt, each.statusCode, each.outcome])).toEqual([
      [2, 200, 'delivered'],
      [1, 500, 'retrying'],
      [1, 200, 'delivered'],
    ]);
    expect(attempts[0].webhookId).toBe(retry!.headers['webhook-id']);
    expect(attempts[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // 410 Gone disables the subscription: no more checks.
    receiver.plan.push(410);
    shelf.books = [{ id: 'p9', title: 'Dogwood' }];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const view = await eventually(async () => {
      const current = (await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data;
      return current.status === 'disabled' ? current : undefined;
    }, 'the subscription disabled');
    expect(view.statusReason).toBe('webhook_gone');
    expect(view.recentDeliveries[0]).toMatchObject({ statusCode: 410, outcome: 'gone' });
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: false, reason: 'disabled' });
    expect(receiver.received).toHaveLength(4);
    await eventually(
      () => (events.some((event) => JSON.parse(event).type === 'subscription.disabled') ? true : undefined),
      'the disabled event',
    );
    await unsubscribe();
  });

  it('delivers content that returns to an earlier state every time, each change under its own webhook-id', async () => {
    const shelf = watchShelf(harness.upstream, 'flipping');
    const own = new WebhookReceiver();
    await own.start();
    try {
      const { id, secret } = await subscribe(harness, 'flipping', own.url);
      own.secret = secret;
      const [first, second] = [shelf.books, [{ id: 'q1', title: 'Fir' }]];
      // B, A, B: the third change has the same content hash as the first, and is still a new delivery.
      for (const books of [second, first, second]) {
        shelf.books = books;
        expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
      }
      const received = await eventually(() => (own.received.length >= 3 ? own.received : undefined), 'three deliveries');
      expect(received.every((delivery) => delivery.verifyError === null && delivery.answeredWith === 200)).toBe(true);
      expect(received[0]!.verified!.hash).toBe(received[2]!.verified!.hash);
      expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(3);
    } finally {
      await own.stop();
    }
  });

  it('runs checks at the interval by itself', async () => {
    const shelf = watchShelf(harness.upstream, 'ticking');
    const own = new WebhookReceiver();
    await own.start();
    try {
      const { secret } = await subscribe(harness, 'ticking', own.url, undefined, 1);
      own.secret = secret;
      shelf.books = [{ id: 'new1', title: 'Elm' }];
      const delivery = await eventually(() => own.received[0], 'a delivery from a scheduled check', 15_000);
      expect(delivery.verified).toMatchObject({ type: 'content.changed' });
    } finally {
      await own.stop();
    }
  });
});
