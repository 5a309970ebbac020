import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEventsTopic } from '../../src/subscriptions/events.js';
import { booksOnShelf, booksRoutes, type CatalogueBook } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { noteSecret } from '../support/log-capture.js';
import { eventually, send, WebhookReceiver } from '../subscriptions/support.js';
import { follow, sseClient, until, type SseMode } from './sse-client.js';

const EVENTS = `subscription ($id: ID!) { subscriptionEvents(id: $id) { type subscriptionId endpoint changedAt previousHash hash data at } }`;

describe('subscriptionEvents(id) over SSE', () => {
  let harness: Harness;
  const receiver = new WebhookReceiver();
  /** The catalogue the fake host serves: each test adds a shelf of its own, and changes it in place. */
  const books: Record<string, CatalogueBook> = {};
  let nextId = 4001;
  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness(
      { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' },
      { catalogue: bookshelfCatalogue },
    );
    for (const route of booksRoutes(books)) harness.upstream.on(route);
  });

  /** A shelf of two books, numbered after a free number that a later, earlier-sorting arrival can take. */
  const watchShelf = (shelf: string) => {
    const firstId = nextId;
    nextId += 10;
    Object.assign(books, booksOnShelf(shelf, 2, firstId));
    const arrive = () => {
      const id = String(firstId - 1);
      books[id] = { id, title: 'A new arrival', shelf, pages: 1 };
    };
    return { shelf, ids: [firstId - 1, firstId, firstId + 1].map(String), arrive };
  };

  /** A subscription on the shelf's first page, once its baseline check (which runs by itself) is recorded. */
  const subscribe = async (shelf: string): Promise<{ id: string }> => {
    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/bookshelf/shelf',
      params: { shelf, limit: 5 },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, secret } = created.body.data as { id: string; secret: string };
    noteSecret(secret);
    await eventually(
      async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined),
      'the baseline',
    );
    return { id };
  };
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
  });

  for (const mode of ['single', 'distinct'] as SseMode[]) {
    it(`streams the content.changed event the webhook receives, free (${mode})`, async () => {
      const watched = watchShelf(`events${mode}`);
      const { id } = await subscribe(watched.shelf);
      const client = sseClient(harness.baseUrl, RICH_KEY, mode);
      const stream = follow(client, EVENTS, { id });
      const next = stream.take(1);
      // The stream is open once this process listens on the topic; then the change is checked.
      await until(() => harness.gateway.graphqlEvents.isListening(subscriptionEventsTopic(id)));
      watched.arrive();
      expect(await harness.gateway.subscriptions.checkNow(id)).toMatchObject({ outcome: 'changed' });
      const [event] = await next;
      await stream.stop();
      client.dispose();
      expect(event!.errors).toBeUndefined();
      expect(event!.data!.subscriptionEvents).toMatchObject({
        type: 'CONTENT_CHANGED',
        subscriptionId: id,
        endpoint: '/v1/bookshelf/shelf',
      });
      expect(event!.data!.subscriptionEvents.data.items.map((book: any) => book.id)).toEqual(watched.ids);
      expect(event!.data!.subscriptionEvents.at).toBe(event!.data!.subscriptionEvents.changedAt);
      expect(event!.extensions!.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
    });
  }

  // Distinct-connections streams of shared events are served on the socket (event-streams.ts) on both doors.
  for (const door of ['/graphql', '/graphql/stream']) {
    it(`shares one result between streams of one operation and ends after subscription.disabled (distinct, ${door})`, async () => {
      const { id } = await subscribe(watchShelf(`eventsshared${door.length}`).shelf);
      const clients = [
        sseClient(harness.baseUrl, RICH_KEY, 'distinct', `${harness.baseUrl}${door}`),
        sseClient(harness.baseUrl, RICH_KEY, 'distinct', `${harness.baseUrl}${door}`),
      ];
      const streams = clients.map((client) => follow(client, EVENTS, { id }));
      const ends = streams.map((stream) => stream.rest());
      await until(() => harness.gateway.graphqlEvents.listenerCount(subscriptionEventsTopic(id)) === 2);
      await until(() => harness.gateway.graphqlEvents.isListening(subscriptionEventsTopic(id)));
      const disabled = {
        type: 'subscription.disabled',
        subscriptionId: id,
        endpoint: '/v1/bookshelf/shelf',
        params: {},
        disabledAt: new Date().toISOString(),
        reason: 'webhook_gone',
      };
      await harness.gateway.state.pubsub.publish(subscriptionEventsTopic(id), JSON.stringify(disabled));
      const [first, second] = await Promise.all(ends);
      clients.forEach((client) => client.dispose());
      expect(first).toEqual(second);
      expect(first).toHaveLength(1);
      expect(first![0]!.data!.subscriptionEvents).toMatchObject({
        type: 'SUBSCRIPTION_DISABLED',
        subscriptionId: id,
        at: disabled.disabledAt,
      });
      expect(first![0]!.extensions!.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
      // The stream unsubscribed from the topic when it ended.
      await until(() => harness.gateway.graphqlEvents.listenerCount(subscriptionEventsTopic(id)) === 0);
    });

    it(`refuses another key's subscription and a missing key as the door does (distinct, ${door})`, async () => {
      const { id } = await subscribe(watchShelf(`eventsrefused${door.length}`).shelf);
      // Before any stream opens: Yoga answers with the error's status, graphql-sse with an event on a 200 stream.
      const foreign = await fetch(`${harness.baseUrl}${door}`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'x-api-key': POOR_KEY },
        body: JSON.stringify({ query: EVENTS, variables: { id } }),
      });
      expect(foreign.status).toBe(door === '/graphql' ? 404 : 200);
      expect(await foreign.text()).toContain('"code":"not_found"');
      const response = await fetch(`${harness.baseUrl}${door}`, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'x-api-key': 'sk_test_nobody' },
        body: JSON.stringify({ query: EVENTS, variables: { id } }),
      });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain('"code":"invalid_api_key"');
    });
  }

  it("refuses another key's subscription with not_found", async () => {
    const { id } = await subscribe(watchShelf('eventsforeign').shelf);
    const client = sseClient(harness.baseUrl, POOR_KEY, 'single');
    const [result] = await follow(client, EVENTS, { id }).rest();
    client.dispose();
    expect(result!.errors![0]!.extensions).toMatchObject({ code: 'not_found', http: { status: 404 } });
  });
});
