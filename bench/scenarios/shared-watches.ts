import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { createClient } from 'redis';
import { createGateway, type Gateway } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createState } from '../../src/state/index.js';
import { deletePrefix, testPrefix } from '../../test/state/redis-support.js';
import { BENCH_KEY, startForumUpstream } from '../support/forum-upstream.js';
import { fmt, type Row } from '../support/table.js';
import { catalogue } from '../../test/support/registered-catalogue.js';

const SUBSCRIPTIONS = 1000;
const TARGETS = 50;
const INTERVAL_SECONDS = 2;
/** The measured window; figures are scaled to a minute from it. */
const WINDOW_MS = 20_000;

function configEnv(origin: string): Record<string, string> {
  return {
    API_KEYS: `${BENCH_KEY}=1000000000`,
    UPSTREAM_ORIGINS: `www.reddit.com=${origin}`,
    LOG_LEVEL: 'silent',
    SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // 1,000 creations in a few seconds from one key; the per-key rate limit is not what is measured.
    RATE_LIMIT_PER_MINUTE: '0',
  };
}

/** A full collection, so heap readings count what is kept rather than garbage not yet collected. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** What Redis keeps under the prefix, in bytes (MEMORY USAGE of every key). */
async function redisBytes(url: string, prefix: string): Promise<number> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  let total = 0;
  try {
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      for (const key of batch) total += (await client.memoryUsage(key)) ?? 0;
    }
  } finally {
    await client.close();
  }
  return total;
}

/**
 * 1,000 change subscriptions over 50 distinct targets (20 each) at a 2 s interval: upstream
 * requests over a 20 s window, scaled to a minute, beside the ideal of one poll per target per
 * interval over the same window (and what one check per subscription would make); and the
 * memory each subscription takes (heap on in-memory state; Redis bytes on Redis). With a Redis
 * URL, two gateways (each with its own pipeline, scheduler and workers) share one Redis prefix,
 * and the subscriptions are created through both.
 */
export async function sharedWatches(redisUrl?: string): Promise<Row[]> {
  const { upstream, origin } = await startForumUpstream();
  const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
  const config = loadConfig(configEnv(origin), catalogue.families);
  const prefix = testPrefix();
  const gateways: Gateway[] = [];
  for (let index = 0; index < (redisUrl ? 2 : 1); index += 1) {
    const own = redisUrl ? loadConfig({ ...configEnv(origin), REDIS_URL: redisUrl }, catalogue.families) : config;
    const gateway = await createGateway(own, { catalogue, state: redisUrl ? await createState(own, { prefix }) : undefined });
    await gateway.server.listen({ port: 0, host: '127.0.0.1' });
    gateways.push(gateway);
  }
  const urls = gateways.map((gateway) => `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`);
  const client = new Agent({ connections: 16 });
  const gc = collector();
  try {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let start = 0; start < SUBSCRIPTIONS; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_unused, offset) => {
          const index = start + offset;
          const response = await request(`${urls[index % urls.length]}/v1/subscriptions`, {
            method: 'POST',
            dispatcher: client,
            headers: { 'x-api-key': BENCH_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({
              endpoint: '/v1/forum/subreddit',
              params: { subreddit: `watch${index % TARGETS}`, limit: 5 },
              webhookUrl,
              intervalSeconds: INTERVAL_SECONDS,
            }),
          });
          await response.body.dump();
          if (response.statusCode !== 201) throw new Error(`subscription not created: ${response.statusCode}`);
        }),
      );
    }
    // Every target's first poll (the baselines) is done before the window opens.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_SECONDS * 1000));
    gc();
    const perSubscription = (process.memoryUsage().heapUsed - heapBefore) / SUBSCRIPTIONS;
    const redisPerSubscription = redisUrl ? (await redisBytes(redisUrl, prefix)) / SUBSCRIPTIONS : 0;
    const counts = await gateways[0]!.subscriptions.watches.counts();

    const before = upstream.requests.length;
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const elapsedMs = Date.now() - started;
    const made = upstream.requests.length - before;
    const perMinute = (made * 60_000) / elapsedMs;
    const ideal = (TARGETS * 60) / INTERVAL_SECONDS;
    const unshared = (SUBSCRIPTIONS * 60) / INTERVAL_SECONDS;
    const where = redisUrl ? 'two gateways on Redis' : 'one gateway, in-memory state';
    const scenario = `Shared watches (${where}): ${fmt.int(SUBSCRIPTIONS)} subscriptions over ${counts.targets} targets (${counts.subscribers} subscribers), interval ${INTERVAL_SECONDS} s, ${(elapsedMs / 1000).toFixed(0)} s window scaled to 1 min`;
    return [
      {
        scenario,
        metric: 'upstream requests per minute',
        measured: `${fmt.int(perMinute)} (${made} in ${(elapsedMs / 1000).toFixed(1)} s)`,
        baseline: `${fmt.int(ideal)} ideal (${TARGETS} targets x ${60 / INTERVAL_SECONDS} polls); ${fmt.int(unshared)} unshared`,
        ratio: fmt.ratio(perMinute / ideal),
        target: '<= 1.05 x ideal',
        met: perMinute <= ideal * 1.05,
      },
      {
        scenario,
        metric: redisUrl ? 'Redis bytes per subscription (all keys of the run)' : 'heap per subscription',
        measured: `${fmt.int(redisUrl ? redisPerSubscription : perSubscription)} B`,
        baseline: '-',
        ratio: '-',
        target: '-',
        met: null,
      },
    ];
  } finally {
    await client.destroy();
    for (const gateway of gateways) await gateway.close();
    await new Promise((resolve) => sink.close(resolve));
    await upstream.stop();
    if (redisUrl) await deletePrefix(prefix, redisUrl);
  }
}
