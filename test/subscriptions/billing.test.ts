import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createPipelineDeps } from '../../src/pipeline/deps.js';
import { checkForChange } from '../../src/subscriptions/check.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-harness.js';
import { POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { balanceOf, eventually, send, subscribe, watchShelf, WebhookReceiver } from './support.js';

const backends = [{ name: 'memory', env: {} as Record<string, string> }, ...(REDIS_URL ? [{ name: 'redis', env: { REDIS_URL } }] : [])];

/** On the test family's shelf endpoint (test/families/bookshelf). */
describe.each(backends)('subscription billing ($name)', ({ env }) => {
  let harness: Harness;
  const prefix = testPrefix();
  const receivers: WebhookReceiver[] = [];
  const newReceiver = async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    receivers.push(receiver);
    return receiver;
  };
  const view = async (id: string, key = RICH_KEY) => (await send(harness, 'GET', `/v1/subscriptions/${id}`, undefined, key)).body.data;

  beforeAll(async () => {
    harness = await startHarness(
      {
        ...env,
        API_KEYS: `${RICH_KEY}=1000,${POOR_KEY}=0`,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
        WEBHOOK_RETRY_BASE_MS: '50',
      },
      { redisPrefix: prefix, catalogue },
    );
  });
  afterAll(async () => {
    await harness.close();
    for (const receiver of receivers) await receiver.stop();
    await deletePrefix(prefix);
  });

  it('charges nothing for the baseline or unchanged checks and exactly 1 credit per change', async () => {
    const shelf = watchShelf(harness.upstream, 'billed');
    const receiver = await newReceiver();
    const before = await balanceOf(harness);
    const { id, secret } = await subscribe(harness, 'billed', receiver.url);
    receiver.secret = secret;
    expect(await balanceOf(harness)).toBe(before);
    for (let check = 0; check < 3; check += 1)
      expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    expect(await balanceOf(harness)).toBe(before);
    expect(receiver.received).toHaveLength(0);

    shelf.books = [{ id: 'x1', title: 'Zelkova' }];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    expect(await balanceOf(harness)).toBe(before - 1);
    // Emptying the shelf is a change worth delivering, but an empty result is never charged (spec 7).
    shelf.books = [];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    expect(await balanceOf(harness)).toBe(before - 1);
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    expect(await balanceOf(harness)).toBe(before - 1);
    await eventually(() => (receiver.received.length === 2 ? true : undefined), 'two deliveries');
    expect(receiver.received.map((each) => each.verified?.data.items.length)).toEqual([1, 0]);
  });

  it('never takes an upstream failure for a change, and never charges it', async () => {
    const shelf = watchShelf(harness.upstream, 'flaky');
    const receiver = await newReceiver();
    const { id, secret } = await subscribe(harness, 'flaky', receiver.url);
    receiver.secret = secret;
    const baseline = await view(id);
    const before = await balanceOf(harness);

    shelf.failing = true;
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'failed' });
    const failed = await view(id);
    expect(failed.hash).toBe(baseline.hash);
    expect(failed.lastError).toMatchObject({ code: 'upstream_blocked' });
    expect(failed.status).toBe('active');

    shelf.failing = false;
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    expect((await view(id)).lastError).toBeNull();
    expect(await balanceOf(harness)).toBe(before);
    expect(receiver.received).toHaveLength(0);
  });

  it('pauses at balance 0 with a subscription.paused delivery, and resumes when credits are added', async () => {
    const shelf = watchShelf(harness.upstream, 'paid');
    const receiver = await newReceiver();
    const { id, secret } = await subscribe(harness, 'paid', receiver.url, POOR_KEY);
    receiver.secret = secret;
    expect(await balanceOf(harness, POOR_KEY)).toBe(0);
    // Unchanged checks need no credits.
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'unchanged' });
    const baseline = await view(id, POOR_KEY);

    shelf.books = [{ id: 'y1', title: 'Yew' }];
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'insufficient_credits' });
    const paused = await view(id, POOR_KEY);
    expect(paused).toMatchObject({ status: 'paused', statusReason: 'insufficient_credits', hash: baseline.hash });
    const pausedEvent = await eventually(() => receiver.received[0], 'the paused delivery');
    expect(pausedEvent.verifyError).toBeNull();
    expect(pausedEvent.verified).toMatchObject({
      type: 'subscription.paused',
      subscriptionId: id,
      reason: 'insufficient_credits',
      hash: baseline.hash,
    });
    expect(await balanceOf(harness, POOR_KEY)).toBe(0);
    // Still no credits: the check waits without fetching.
    const requests = shelf.requests;
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: false, reason: 'paused' });
    expect(shelf.requests).toBe(requests);

    const accountId = (await harness.get('/v1/account', POOR_KEY)).body.data.accountId as string;
    await harness.gateway.state.ledger.credit(accountId, 3);
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    expect(await balanceOf(harness, POOR_KEY)).toBe(2);
    const resumed = await view(id, POOR_KEY);
    expect(resumed).toMatchObject({ status: 'active', statusReason: null });
    expect(resumed.hash).not.toBe(baseline.hash);
    await eventually(() => (receiver.received.length === 3 ? true : undefined), 'the resumed and changed deliveries');
    expect(receiver.received.map((each) => each.verified?.type)).toEqual([
      'subscription.paused',
      'subscription.resumed',
      'content.changed',
    ]);
    expect(receiver.received[2]!.verified).toMatchObject({ previousHash: baseline.hash, hash: resumed.hash });
  });

  it('charges a change once even when its check is repeated after a crash (same reservation)', async () => {
    watchShelf(harness.upstream, 'repeat');
    const receiver = await newReceiver();
    const { id } = await subscribe(harness, 'repeat', receiver.url);
    const record = (await view(id)) as { hash: string; params: Record<string, unknown> };
    const endpoint = catalogue.byPath.get('/v1/bookshelf/shelf')!;
    const account = (await harness.gateway.state.keys.lookup(RICH_KEY))!;
    const config = loadConfig({ UPSTREAM_ORIGINS: `${BOOKS_HOST}=${harness.upstreamOrigin}` }, catalogue.families);
    const pipeline = createPipelineDeps(config, catalogue, harness.gateway.state, { timeoutMs: 2000, logError: () => {} });
    try {
      const before = await balanceOf(harness);
      const stale = 'f'.repeat(64);
      const options = { reservationId: `sub:${id}:change:test` };
      const first = await checkForChange(pipeline.deps, endpoint, record.params, account, stale, options);
      const again = await checkForChange(pipeline.deps, endpoint, record.params, account, stale, options);
      expect(first).toMatchObject({ kind: 'changed', hash: record.hash, previousHash: stale, creditsCharged: 1 });
      expect(again.kind).toBe('changed');
      expect(await balanceOf(harness)).toBe(before - 1);
    } finally {
      await pipeline.close();
    }
  });
});
