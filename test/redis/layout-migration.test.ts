import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeysCli } from '../../src/cli/run-keys-cli.js';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import { HASH_TAGGED_LAYOUT, layoutMarkerKey, migrateLayout } from '../../src/state/redis/migrate/index.js';
import { deletePrefix, keysUnder, redisStates, STATE_REDIS, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { RICH_KEY, startHarness } from '../support/gateway.js';
import { eventually, send, watchShelf, WebhookReceiver } from '../subscriptions/support.js';
import { rawClient, storeEnv } from './store-target.js';
import { catalogue } from '../support/registered-catalogue.js';

/**
 * A store written by the gateway before keys carried hash tags (one Redis node): an account that
 * paid for five requests and still holds 3 credits for one in flight, a finished job made with
 * an Idempotency-Key, a finished batch, a subscription with its shared watch and BullMQ
 * schedule, cached results, all on the test family's shelf endpoint (test/families/bookshelf).
 * Dumped, key by key, from a run of that gateway serving only the test family.
 */
interface FixtureKey {
  name: string;
  type: 'string' | 'hash' | 'list' | 'set' | 'zset';
  ttlMs: number;
  value: any;
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/single-node-layout.json', import.meta.url), 'utf8')) as {
  expected: {
    accountId: string;
    jobId: string;
    batchId: string;
    subscriptionId: string;
    secret: string;
    account: Record<string, any>;
    /** The shelf every request, job and subscription of the fixture read. */
    shelf: string;
  };
  keys: FixtureKey[];
};
const { accountId, jobId, batchId, subscriptionId, secret, account, shelf } = fixture.expected;
const valueOf = (name: string): any => fixture.keys.find((key) => key.name === name)!.value;
const inflight = valueOf('res:legacy-inflight') as Record<string, string>;
/** The request that made the job under the Idempotency-Key, as its stored job and target record it. */
const legacyJobRequest = {
  endpoint: valueOf(`job:${jobId}`).endpoint as string,
  params: JSON.parse(valueOf(`job:${jobId}:targets`)['0']).input as Record<string, unknown>,
};
/** How many of the fixture's keys have a name matching `pattern`. */
const countOf = (pattern: RegExp): number => fixture.keys.filter((key) => pattern.test(key.name)).length;

/** Writes the fixture's keys under `prefix`, as the old gateway left them (webhooks now go to `webhookUrl`). */
async function loadOldStore(prefix: string, webhookUrl?: string): Promise<void> {
  const client = await rawClient();
  try {
    for (const key of fixture.keys) {
      const name = prefix + key.name;
      if (key.type === 'string') await client.set(name, key.value);
      else if (key.type === 'hash') {
        const value = { ...key.value } as Record<string, string>;
        if (webhookUrl && key.name === `sub:${subscriptionId}`) value.webhookUrl = JSON.stringify(webhookUrl);
        await client.hSet(name, value);
      } else if (key.type === 'list') await client.rPush(name, key.value);
      else if (key.type === 'set') await client.sAdd(name, key.value);
      else await client.zAdd(name, key.value);
      if (key.ttlMs > 0) await client.pExpire(name, key.ttlMs);
    }
  } finally {
    await client.close();
  }
}

/** Key names under the prefix without a hash tag: left-overs of the old layout (every new name carries one). */
async function oldNames(prefix: string): Promise<string[]> {
  return (await keysUnder(prefix))
    .map((name) => name.slice(prefix.length))
    .filter((name) => !name.includes('{') && !name.startsWith('ratelimit'));
}

describe.skipIf(!STATE_REDIS)('moving a single-node store to the hash-tagged key layout', () => {
  const prefixes: string[] = [];
  const states = redisStates();
  const freshPrefix = () => {
    const prefix = testPrefix();
    prefixes.push(prefix);
    return prefix;
  };
  afterAll(async () => {
    await states.cleanup();
    for (const prefix of prefixes) await deletePrefix(prefix);
  });

  it('keeps everything a caller paid for at the first start: balance, holds, usage, jobs, the idempotency claim, subscriptions', async () => {
    const prefix = freshPrefix();
    const receiver = new WebhookReceiver();
    await receiver.start();
    receiver.secret = secret;
    await loadOldStore(prefix, receiver.url);
    const harness = await startHarness(
      { ...storeEnv(), SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_ALLOW_PRIVATE: 'true' },
      { redisPrefix: prefix, catalogue: bookshelfCatalogue },
    );
    try {
      // Served from the start as the old gateway saw it, so the first check after the move finds no change.
      const watched = watchShelf(harness.upstream, shelf);
      // Seeding API_KEYS ran after the migration, so the account was found, not made afresh with 1000 credits.
      const lapsed = Date.now() >= Number(inflight.exp);
      const now = (await send(harness, 'GET', '/v1/account')).body.data;
      expect(now).toMatchObject({
        accountId,
        balance: lapsed ? account.balance + 3 : account.balance,
        held: lapsed ? 0 : 3,
        recentUsage: account.recentUsage,
      });
      expect(await oldNames(prefix)).toEqual([]);

      const job = await send(harness, 'GET', `/v1/jobs/${jobId}`);
      expect(job.body.data).toMatchObject({ id: jobId, status: 'succeeded', creditsCharged: 1, result: { success: true } });
      const batch = await send(harness, 'GET', `/v1/jobs/${batchId}`);
      expect(batch.body.data).toMatchObject({ id: batchId, status: 'succeeded', progress: { total: 2, done: 2, failed: 0 } });
      expect(batch.body.data.results.map((result: any) => result.status)).toEqual(['succeeded', 'succeeded']);

      const replay = await fetch(`${harness.baseUrl}/v1/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': RICH_KEY, 'content-type': 'application/json', 'idempotency-key': 'legacy-job-1' },
        body: JSON.stringify(legacyJobRequest),
      });
      expect(replay.status).toBe(202);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(((await replay.json()) as any).data.id).toBe(jobId);

      const listed = await send(harness, 'GET', '/v1/subscriptions');
      expect(listed.body.data.items.map((entry: any) => entry.id)).toEqual([subscriptionId]);
      // The schedule moved with its queue: the next check runs by itself and delivers the change.
      watched.books = [{ id: 'after-move', title: 'Cedar' }, ...watched.books];
      const delivery = await eventually(() => receiver.received[0], 'a delivery after the move', 20_000);
      expect(delivery.verifyError).toBeNull();
      expect(delivery.verified).toMatchObject({ type: 'content.changed', subscriptionId });
      expect(delivery.verified!.data.items[0].id).toBe('after-move');
    } finally {
      await harness.close();
      await receiver.stop();
    }
  });

  it('migrates once when several processes start together, and a forced run afterwards finds nothing to move', async () => {
    const prefix = freshPrefix();
    await loadOldStore(prefix);
    expect(await oldNames(prefix)).toHaveLength(fixture.keys.filter((key) => !key.name.startsWith('ratelimit')).length);
    const [first, second] = await Promise.all([states.create({ prefix }), states.create({ prefix })]);
    const keys = new KeyLayout(prefix);
    expect(await first!.store.client.get(keys.balance(accountId))).toBe(String(account.balance));
    expect(await first!.store.client.get(layoutMarkerKey(prefix))).toBe(HASH_TAGGED_LAYOUT);
    expect(await oldNames(prefix)).toEqual([]);
    const again = await migrateLayout(second!.store.client, prefix, { force: true });
    expect(again).toEqual({ ran: true, moved: {}, conflicts: [] });
    expect(await second!.store.client.get(keys.balance(accountId))).toBe(String(account.balance));
  });

  it('resumes an interrupted move without adding anything twice, and never overwrites a new key holding other data', async () => {
    const prefix = freshPrefix();
    await loadOldStore(prefix);
    const client = await rawClient();
    const keys = new KeyLayout(prefix);
    try {
      // Interrupted after copying the balance and before deleting the old one.
      await client.set(keys.balance(accountId), String(account.balance));
      // A usage log already under its new name, with other entries: left alone, the old one kept.
      await client.rPush(keys.usageLog(accountId), 'other');
      const report = await migrateLayout(client, prefix);
      expect(report.ran).toBe(true);
      expect(report.conflicts).toEqual([`log:${accountId}`]);
      expect(report.moved).toMatchObject({
        balances: countOf(/^bal:/),
        jobs: countOf(/^job:/),
        subscriptions: countOf(/^sub:/),
        'subscription indexes': countOf(/^subs:/),
        reservations: countOf(/^res:/),
      });
      expect(await client.get(keys.balance(accountId))).toBe(String(account.balance));
      expect(await client.exists(`${prefix}bal:${accountId}`)).toBe(0);
      expect(await client.lLen(`${prefix}log:${accountId}`)).toBe(account.recentUsage.length);
      expect(
        await client.hGet(keys.daily(accountId), String(fixture.keys.find((key) => key.name.startsWith('day:'))!.name.split(':')[2])),
      ).toBe(String(account.dailyUsed));
      expect(JSON.parse((await client.hGet(keys.reservations(accountId), 'legacy-inflight'))!)).toMatchObject({
        state: 'held',
        credits: 3,
      });
      expect(await client.zScore(keys.holding(), accountId)).toBe(Number(inflight.exp));
      expect(await migrateLayout(client, prefix)).toEqual({ ran: false, moved: {}, conflicts: [] });
    } finally {
      await client.close();
    }
  });

  it('npm run keys -- migrate moves an old store and says what it moved', async () => {
    const prefix = freshPrefix();
    await loadOldStore(prefix);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysCli(['migrate'], {
      env: storeEnv(),
      catalogue,
      prefix,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, err: err.join('\n') }).toMatchObject({ code: 0 });
    expect(err.join('\n')).toMatch(new RegExp(`Redis keys moved to the hash-tagged layout .*"balances":${countOf(/^bal:/)}\\b`));
    expect(out.join('\n')).toContain('Key layout: hash-tagged. Moved now: nothing');
    expect(await oldNames(prefix)).toEqual([]);
  });
});
