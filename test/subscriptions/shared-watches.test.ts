import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, sseClient } from '../graphql/sse-client.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { balanceOf, eventually, send, subscribe, watchShelf, WebhookReceiver } from './support.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' };
const OTHER_KEY = 'sk_test_shared_other';

const changesIn = (receiver: WebhookReceiver) => receiver.received.filter((delivery) => delivery.verified?.type === 'content.changed');

/** Waits until the target has been polled `count` more times, and says how long that took. */
async function polls(requests: () => number, count: number): Promise<{ made: number; elapsedMs: number }> {
  const before = requests();
  const startedAt = Date.now();
  await eventually(() => (requests() >= before + count ? true : undefined), `${count} polls`, 30_000);
  return { made: requests() - before, elapsedMs: Date.now() - startedAt };
}

/** One watch stream of the test family's shelf `shelf` (the same canonical parameters as subscribe()). */
function openWatch(harness: Harness, shelf: string, key: string) {
  const client = sseClient(harness.baseUrl, key, 'distinct');
  const stream = follow(
    client,
    `subscription { watchBookshelfShelf(shelf: "${shelf}", limit: 5, intervalSeconds: 1) { items { id: platformId } } }`,
  );
  return {
    stream,
    close: async () => {
      await stream.stop();
      client.dispose();
    },
  };
}

const STATES = [{ state: 'in-memory state', redis: false }, ...(REDIS_URL ? [{ state: 'Redis state', redis: true }] : [])];

/** On the test family's shelf endpoint (test/families/bookshelf). */
describe.each(STATES)('shared watches (one process, $state)', ({ redis }) => {
  let harness: Harness;
  const receivers: WebhookReceiver[] = [];
  const prefix = testPrefix();
  beforeAll(async () => {
    harness = redis
      ? await startHarness({ ...ENV, REDIS_URL: REDIS_URL! }, { redisPrefix: prefix, catalogue })
      : await startHarness(ENV, { catalogue });
    await harness.gateway.state.keys.seed(OTHER_KEY, 100, null);
  });
  afterAll(async () => {
    await harness.close();
    for (const receiver of receivers) await receiver.stop();
    if (redis) await deletePrefix(prefix);
  });

  async function receiver(): Promise<WebhookReceiver> {
    const created = new WebhookReceiver();
    receivers.push(created);
    await created.start();
    return created;
  }

  it('webhooks and watch* streams on the same target share one poll; each is told of the change once and pays for it', async () => {
    const shelf = watchShelf(harness.upstream, 'mixed');
    const hooks = [await receiver(), await receiver()];
    const subscriptions = [
      await subscribe(harness, 'mixed', hooks[0]!.url, RICH_KEY, 1),
      await subscribe(harness, 'mixed', hooks[1]!.url, OTHER_KEY, 1),
    ];
    hooks.forEach((hook, index) => (hook.secret = subscriptions[index]!.secret));
    const watches = [openWatch(harness, 'mixed', RICH_KEY), openWatch(harness, 'mixed', OTHER_KEY)];
    for (const watch of watches) expect((await watch.stream.take(1))[0]!.errors).toBeUndefined();
    // Two subscriptions and two streams, one target.
    await eventually(
      async () => ((await harness.gateway.subscriptions.watches.counts()).subscribers === 4 ? true : undefined),
      'four subscribers',
    );
    expect(await harness.gateway.subscriptions.watches.counts()).toEqual({ targets: 1, subscribers: 4 });
    const metrics = await (await fetch(`${harness.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_shared_watch_targets 1$/m);
    expect(metrics).toMatch(/^gateway_shared_watch_subscribers 4$/m);

    // Four subscribers at 1 s: one poll a second, not four (a slow machine only makes fewer).
    const { made, elapsedMs } = await polls(() => shelf.requests, 4);
    expect(made).toBeLessThanOrEqual(Math.floor(elapsedMs / 1000) + 1);

    const balances = [await balanceOf(harness, RICH_KEY), await balanceOf(harness, OTHER_KEY)];
    shelf.books = [{ id: 'mixednew', title: 'Nutmeg' }, ...shelf.books];
    const events = await Promise.all(watches.map((watch) => watch.stream.take(1)));
    for (const [event] of events) expect(event!.data!.watchBookshelfShelf.items[0].id).toBe('mixednew');
    for (const hook of hooks) await eventually(() => changesIn(hook)[0], 'the change delivered');
    // Two more polls: the change is not told again.
    await polls(() => shelf.requests, 2);
    for (const watch of watches) await watch.close();
    for (const [index, hook] of hooks.entries()) {
      expect(changesIn(hook)).toHaveLength(1);
      expect(changesIn(hook)[0]!.verifyError).toBeNull();
      expect(changesIn(hook)[0]!.verified).toMatchObject({ subscriptionId: subscriptions[index]!.id });
    }
    // Each key: 1 credit for its subscription's change, 1 for its stream's.
    expect(await balanceOf(harness, RICH_KEY)).toBe(balances[0]! - 2);
    expect(await balanceOf(harness, OTHER_KEY)).toBe(balances[1]! - 2);
    // The closed streams left the target; the subscriptions remain.
    await eventually(
      async () => ((await harness.gateway.subscriptions.watches.counts()).subscribers === 2 ? true : undefined),
      'the streams to leave',
    );
  }, 60_000);

  it('polls a target under a lease: two polls at once make one upstream request', async () => {
    const shelf = watchShelf(harness.upstream, 'leased');
    const hook = await receiver();
    const { id } = await subscribe(harness, 'leased', hook.url, RICH_KEY, 3600);
    const watches = harness.gateway.subscriptions.watches;
    // The target is the endpoint with the subscription's canonical parameters (defaults filled in).
    const { params } = (await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data;
    const key = watches.keyOf({ endpoint: '/v1/bookshelf/shelf', params });
    shelf.delayMs = 300;
    const before = shelf.requests;
    const outcomes = await Promise.all([watches.poll(key), watches.poll(key)]);
    expect(outcomes.sort()).toEqual(['busy', 'polled']);
    expect(shelf.requests).toBe(before + 1);
  });

  it('keeps polling while one subscriber remains and stops with the last one', async () => {
    const shelf = watchShelf(harness.upstream, 'thinning');
    const hook = await receiver();
    const before = await harness.gateway.subscriptions.watches.counts();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await subscribe(harness, 'thinning', hook.url, RICH_KEY, 1)).id);
    for (const id of ids.slice(0, 2)) expect((await send(harness, 'DELETE', `/v1/subscriptions/${id}`)).status).toBe(200);
    await polls(() => shelf.requests, 3);

    expect((await send(harness, 'DELETE', `/v1/subscriptions/${ids[2]}`)).status).toBe(200);
    // A poll in flight when the last one left may still land; after that, none.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = shelf.requests;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(shelf.requests).toBe(after);
    expect(await harness.gateway.subscriptions.watches.counts()).toEqual(before);
  }, 60_000);

  it('tells a subscriber with a longer interval at its own pace, against its own baseline: it pays once per change it is told of', async () => {
    const shelf = watchShelf(harness.upstream, 'busy');
    const fast = await receiver();
    const slow = await receiver();
    const quick = await subscribe(harness, 'busy', fast.url, RICH_KEY, 1);
    const patient = await subscribe(harness, 'busy', slow.url, OTHER_KEY, 3);
    fast.secret = quick.secret;
    slow.secret = patient.secret;
    const slowBalance = await balanceOf(harness, OTHER_KEY);
    // The content changes at every poll.
    let version = 0;
    const bump = setInterval(() => (shelf.books = [{ id: `busy${(version += 1)}`, title: 'Beech' }]), 200);
    try {
      await eventually(() => (changesIn(fast).length >= 6 ? true : undefined), 'six changes told to the fast subscriber', 30_000);
    } finally {
      clearInterval(bump);
    }
    await polls(() => shelf.requests, 2);
    const told = changesIn(slow).length;
    expect(told).toBeGreaterThan(0);
    expect(told).toBeLessThan(changesIn(fast).length);
    expect(await balanceOf(harness, OTHER_KEY)).toBe(slowBalance - told);
    // Each told change compares with the one told before it.
    const verified = changesIn(slow).map((delivery) => delivery.verified!);
    for (let index = 1; index < verified.length; index += 1) expect(verified[index]!.previousHash).toBe(verified[index - 1]!.hash);
  });
});
