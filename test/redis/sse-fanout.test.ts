import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import { subscriptionEventsTopic } from '../../src/subscriptions/events.js';
import { follow, sseClient, until } from '../graphql/sse-client.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { watchShelf, WebhookReceiver } from '../subscriptions/support.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { spawnGateway, type ChildGateway } from './processes.js';

const KEY = 'sk_test_fanout_01';
const EVENTS = `subscription ($id: ID!) { subscriptionEvents(id: $id) { type subscriptionId hash data } }`;

/** On the test family's shelf endpoint (test/families/bookshelf), registered in the gateway processes. */
describe.skipIf(!REDIS_URL)('GraphQL SSE subscriptions across two gateway processes on one Redis', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  const receiver = new WebhookReceiver();
  // A serves the streams and runs no workers or check schedulers; every check runs on B.
  let processA: ChildGateway;
  let processB: ChildGateway;

  beforeAll(async () => {
    const origin = await upstream.start();
    await receiver.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      LOG_LEVEL: 'silent',
      SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    [processA, processB] = await Promise.all([
      spawnGateway('test/redis/gateway-process.ts', { ...env, WORKERS: 'off' }),
      spawnGateway('test/redis/gateway-process.ts', { ...env, WORKERS: 'inline' }, 40_000),
    ]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([processA, processB].filter(Boolean).map((gateway) => gateway.stop()));
    await upstream.stop();
    await receiver.stop();
    await deletePrefix(prefix);
  });

  it('delivers a change detected by process B to clients on process A, in single-connection and distinct-connections mode', async () => {
    const shelf = watchShelf(upstream, 'fanout');
    const created = await fetch(`${processA.url}/v1/subscriptions`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: '/v1/bookshelf/shelf',
        params: { shelf: 'fanout', limit: 5 },
        webhookUrl: receiver.url,
        intervalSeconds: 1,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;

    const single = sseClient(processA.url, KEY, 'single');
    const distinct = sseClient(processA.url, KEY, 'distinct');
    const streams = [follow(single, EVENTS, { id }), follow(distinct, EVENTS, { id })];
    const firstEvents = streams.map((stream) => stream.take(1));

    // Both streams are open once process A has subscribed the topic's channel: one Redis
    // subscription per process and topic, however many streams follow it.
    const redis = await createClient({ url: REDIS_URL }).connect();
    const channel = new KeyLayout(prefix).channel(subscriptionEventsTopic(id));
    try {
      await until(async () => ((await redis.pubSubNumSub(channel))[channel] ?? 0) >= 1);
      // Baseline taken by B before the change, so the change is a change.
      await until(() => shelf.requests >= 1);
      shelf.books = [{ id: 'p7', title: 'Erin' }, ...shelf.books];
      const results = await Promise.all(firstEvents);
      for (const [index, [event]] of results.entries()) {
        expect(event!.errors, `stream ${index}`).toBeUndefined();
        expect(event!.data!.subscriptionEvents).toMatchObject({ type: 'CONTENT_CHANGED', subscriptionId: id });
        expect(event!.data!.subscriptionEvents.data.items[0].id).toBe('p7');
      }
      expect(results[0]![0]!.data!.subscriptionEvents.hash).toBe(results[1]![0]!.data!.subscriptionEvents.hash);
      expect((await redis.pubSubNumSub(channel))[channel]).toBe(1);
    } finally {
      await Promise.all(streams.map((stream) => stream.stop()));
      single.dispose();
      distinct.dispose();
      await redis.quit();
    }
  }, 60_000);
});
