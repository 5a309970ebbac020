import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEventsTopic } from '../../src/subscriptions/events.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { subscribe, watchCommunity, WebhookReceiver } from '../subscriptions/support.js';
import { follow, sseClient, until, type SseMode } from './sse-client.js';

const EVENTS = `subscription ($id: ID!) { subscriptionEvents(id: $id) { type subscriptionId endpoint changedAt previousHash hash data at } }`;

describe('subscriptionEvents(id) over SSE', () => {
  let harness: Harness;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
  });
  afterAll(async () => {
    await harness.close();
    await receiver.stop();
  });

  for (const mode of ['single', 'distinct'] as SseMode[]) {
    it(`streams the content.changed event the webhook receives, free (${mode})`, async () => {
      const community = watchCommunity(harness.upstream, `events${mode}`);
      const { id } = await subscribe(harness, community.name, receiver.url);
      const client = sseClient(harness.baseUrl, RICH_KEY, mode);
      const stream = follow(client, EVENTS, { id });
      const next = stream.take(1);
      // The stream is open once this process listens on the topic; then the change is checked.
      await until(() => harness.gateway.graphqlEvents.isListening(subscriptionEventsTopic(id)));
      community.posts = [{ id: 'p9', author: 'dave' }, ...community.posts];
      expect(await harness.gateway.subscriptions.checkNow(id)).toMatchObject({ outcome: 'changed' });
      const [event] = await next;
      await stream.stop();
      client.dispose();
      expect(event!.errors).toBeUndefined();
      expect(event!.data!.subscriptionEvents).toMatchObject({
        type: 'CONTENT_CHANGED',
        subscriptionId: id,
        endpoint: '/v1/forum/subreddit',
      });
      expect(event!.data!.subscriptionEvents.data.items.map((post: any) => post.id)).toEqual(['p9', 'p1', 'p2']);
      expect(event!.data!.subscriptionEvents.at).toBe(event!.data!.subscriptionEvents.changedAt);
      expect(event!.extensions!.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 0 });
    });
  }

  it("refuses another key's subscription with not_found", async () => {
    const community = watchCommunity(harness.upstream, 'eventsforeign');
    const { id } = await subscribe(harness, community.name, receiver.url);
    const client = sseClient(harness.baseUrl, POOR_KEY, 'single');
    const [result] = await follow(client, EVENTS, { id }).rest();
    client.dispose();
    expect(result!.errors![0]!.extensions).toMatchObject({ code: 'not_found', http: { status: 404 } });
  });
});
