import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runKeysCli } from '../../src/cli/run-keys-cli.js';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import { HASH_TAGGED_LAYOUT, layoutMarkerKey, migrateLayout } from '../../src/state/redis/migrate/index.js';
import { deletePrefix, keysUnder, redisStates, STATE_REDIS, testPrefix } from '../state/redis-support.js';
import { RICH_KEY, startHarness } from '../support/gateway.js';
import { eventually, send, watchCommunity, WebhookReceiver } from '../subscriptions/support.js';
import { rawClient, storeEnv } from './store-target.js';

/**
 * A store written by the gateway before keys carried hash tags (one Redis node): an account that
 * paid for five requests and still holds 3 credits for one in flight, a finished job made with
 * an Idempotency-Key, a finished batch, a subscription with its shared watch and BullMQ
 * schedule, cached results. Dumped, key by key, from a run of that gateway.
 */
interface FixtureKey {
  name: string;
  type: 'string' | 'hash' | 'list' | 'set' | 'zset';
  ttlMs: number;
  value: any;
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/single-node-layout.json', import.meta.url), 'utf8')) as {
  expected: { accountId: string; jobId: string; batchId: string; subscriptionId: string; secret: string; account: Record<string, any> };
  keys: FixtureKey[];
};
const { accountId, jobId, batchId, subscriptionId, secret, account } = fixture.expected;
const inflight = fixture.keys.find((key) => key.name === 'res:legacy-inflight')!.value as Record<string, string>;

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

/** Key names under the prefix that are neither hash-tagged nor one of the untagged indexes (left-overs of the old layout). */
async function oldNames(prefix: string): Promise<string[]> {
  const untagged = new Set(['accounts', 'holding', 'watch:targets', 'layout']);
  return (await keysUnder(prefix))
    .map((name) => name.slice(prefix.length))
    .filter((name) => !name.includes('{') && !untagged.has(name) && !name.startsWith('ratelimit'));
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
      { redisPrefix: prefix },
    );
    try {
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
        body: JSON.stringify({ endpoint: '/v1/forum/subreddit', params: { subreddit: 'legacy', limit: 7 } }),
      });
      expect(replay.status).toBe(202);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(((await replay.json()) as any).data.id).toBe(jobId);

      const listed = await send(harness, 'GET', '/v1/subscriptions');
      expect(listed.body.data.items.map((entry: any) => entry.id)).toEqual([subscriptionId]);
      // The schedule moved with its queue: the next check runs by itself and delivers the change.
      const community = watchCommunity(harness.upstream, 'legacy');
      community.posts = [{ id: 'after-move', author: 'mia' }, ...community.posts];
      const delivery = await eventually(() => receiver.received[0], 'a delivery after the move', 20_000);
      expect(delivery.verifyError).toBeNull();
      expect(delivery.verified).toMatchObject({ type: 'content.changed', subscriptionId });
    } finally {
      await harness.close();
      await receiver.stop();
    }
  });

  it('migrates once when several processes start together, and a forced run afterwards finds nothing to move', async () => {
    const prefix = freshPrefix();
    await loadOldStore(prefix);
    expect(await oldNames(prefix)).toHaveLength(
      fixture.keys.filter((key) => !['accounts', 'watch:targets'].includes(key.name) && !key.name.startsWith('ratelimit')).length,
    );
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
      expect(report.moved).toMatchObject({ balances: 3, jobs: 6, subscriptions: 1, 'subscription indexes': 1, reservations: 6 });
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
      prefix,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, err: err.join('\n') }).toMatchObject({ code: 0 });
    expect(err.join('\n')).toMatch(/Redis keys moved to the hash-tagged layout .*"balances":3/);
    expect(out.join('\n')).toContain('Key layout: hash-tagged. Moved now: nothing');
    expect(await oldNames(prefix)).toEqual([]);
  });
});
