import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { upstreamOrigins } from '../support/gateway.js';
import { eventually, watchShelf, WebhookReceiver, type WatchedShelf } from '../subscriptions/support.js';
import { spawnGateway, type ChildGateway } from './processes.js';

const KEYS = ['sk_test_shared_one', 'sk_test_shared_two'];
const INTERVAL_SECONDS = 2;
const SUBSCRIPTIONS = 20;

async function api(
  gateway: ChildGateway,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, any> }> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(gateway.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const balanceOf = async (gateway: ChildGateway, key: string) => (await api(gateway, 'GET', '/v1/account', key)).body.data.balance as number;
const changesIn = (receiver: WebhookReceiver) => receiver.received.filter((delivery) => delivery.verified?.type === 'content.changed');
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** On the test family's shelf endpoint (test/families/bookshelf), registered in the gateway processes. */
describe.skipIf(!REDIS_URL)('shared watches across two gateway processes (Redis)', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  const receivers: WebhookReceiver[] = [];
  let gateways: ChildGateway[] = [];
  let shelf: WatchedShelf;

  /** Waits for `count` more polls of the target and says how long they took. */
  async function polls(count: number): Promise<{ made: number; elapsedMs: number }> {
    const before = shelf.requests;
    const startedAt = Date.now();
    await eventually(() => (shelf.requests >= before + count ? true : undefined), `${count} polls`, 60_000);
    return { made: shelf.requests - before, elapsedMs: Date.now() - startedAt };
  }

  beforeAll(async () => {
    shelf = watchShelf(upstream, 'shared');
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: KEYS.map((key) => `${key}=1000`).join(','),
      UPSTREAM_ORIGINS: upstreamOrigins(origin, bookshelfCatalogue.families),
      UPSTREAM_TIMEOUT_MS: '10000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
      WEBHOOK_RETRY_BASE_MS: '50',
      LOG_LEVEL: 'silent',
    };
    gateways = await Promise.all([spawnGateway('test/redis/gateway-process.ts', env), spawnGateway('test/redis/gateway-process.ts', env)]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    for (const receiver of receivers) await receiver.stop();
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('20 subscriptions by two keys on one target: one poll per interval, one delivery and one credit per subscriber per change; the poll stops with the last subscriber', async () => {
    const created: { id: string; key: string; gateway: ChildGateway; receiver: WebhookReceiver }[] = [];
    for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
      const receiver = new WebhookReceiver();
      receivers.push(receiver);
      await receiver.start();
      const gateway = gateways[index % 2]!;
      const key = KEYS[Math.floor(index / 2) % 2]!;
      const answer = await api(gateway, 'POST', '/v1/subscriptions', key, {
        endpoint: '/v1/bookshelf/shelf',
        params: { shelf: 'shared', limit: 5 },
        webhookUrl: receiver.url,
        intervalSeconds: INTERVAL_SECONDS,
      });
      expect(answer.status).toBe(201);
      receiver.secret = answer.body.data.secret;
      created.push({ id: answer.body.data.id, key, gateway, receiver });
    }
    for (const { id, key, gateway } of created) {
      await eventually(
        async () => ((await api(gateway, 'GET', `/v1/subscriptions/${id}`, key)).body.data.hash ? true : undefined),
        'every baseline',
        30_000,
      );
    }
    for (const gateway of gateways) {
      const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
      expect(gauge(metrics, 'gateway_shared_watch_targets')).toBe(1);
      expect(gauge(metrics, 'gateway_shared_watch_subscribers')).toBe(SUBSCRIPTIONS);
    }

    // Twenty subscribers in two processes: one poll per interval. Polls keep to their schedule, so
    // one a busy machine made late and the next on time can fall in one interval: one poll of
    // slack; twenty pollers, or one in each process, would make twice as many or more.
    const { made, elapsedMs } = await polls(6);
    expect(made).toBeLessThanOrEqual(Math.floor(elapsedMs / (INTERVAL_SECONDS * 1000)) + 2);

    const balances = await Promise.all(KEYS.map((key) => balanceOf(gateways[0]!, key)));
    shelf.books = [{ id: 's0', title: 'Sid' }, ...shelf.books];
    for (const { receiver } of created) await eventually(() => changesIn(receiver)[0], 'every subscriber told of the change', 30_000);
    // Two more polls and the deliveries' settling: nothing is told twice.
    await polls(2);
    await sleep(500);
    for (const { id, receiver } of created) {
      expect(changesIn(receiver)).toHaveLength(1);
      expect(changesIn(receiver)[0]!.verifyError).toBeNull();
      expect(changesIn(receiver)[0]!.verified).toMatchObject({ type: 'content.changed', subscriptionId: id });
      expect(changesIn(receiver)[0]!.verified!.data.items[0].id).toBe('s0');
    }
    // Ten subscriptions per key: ten credits each, one per subscriber.
    for (const [index, key] of KEYS.entries()) expect(await balanceOf(gateways[1]!, key)).toBe(balances[index]! - SUBSCRIPTIONS / 2);

    // Down to one subscriber: the poll goes on.
    for (const { id, key, gateway } of created.slice(0, -1))
      expect((await api(gateway, 'DELETE', `/v1/subscriptions/${id}`, key)).status).toBe(200);
    await polls(2);
    const last = created.at(-1)!;
    expect((await api(last.gateway, 'DELETE', `/v1/subscriptions/${last.id}`, last.key)).status).toBe(200);
    // A poll in flight when the last one left may still land; after that, none.
    await sleep(INTERVAL_SECONDS * 1000);
    const after = shelf.requests;
    await sleep(3 * INTERVAL_SECONDS * 1000);
    expect(shelf.requests).toBe(after);
    const metrics = await (await fetch(`${gateways[0]!.url}/metrics`)).text();
    expect(gauge(metrics, 'gateway_shared_watch_targets')).toBe(0);
    expect(gauge(metrics, 'gateway_shared_watch_subscribers')).toBe(0);
  }, 180_000);
});
