import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { createGateway, type Gateway } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createState } from '../../src/state/index.js';
import { deletePrefix } from '../../test/state/redis-support.js';
import { catalogue } from '../../test/support/registered-catalogue.js';
import { BENCH_KEY, startForumUpstream } from '../support/forum-upstream.js';
import { fmt, type Row } from '../support/table.js';

const GATEWAYS = 2;
const TARGETS = 20;
const CALLERS_PER_TARGET = 10;
const UPSTREAM_MS = 200;

/**
 * Identical cold requests for 20 distinct targets, 10 callers each, spread over 2 gateways on
 * one Redis, beside the same load on one gateway alone: upstream requests per distinct target
 * (1.00 when a fetch is shared across the fleet; 2.00 when each gateway fetches for itself).
 * The gateways share this process but nothing else: each has its own state connections and
 * in-process flights, so only the shared store can make them share a fetch.
 */
export async function fleet(redisUrl: string): Promise<Row[]> {
  const single = await upstreamPerTarget(1, {}, 'single');
  const prefix = `bench-fleet-${randomUUID().slice(0, 8)}:`;
  try {
    const shared = await upstreamPerTarget(GATEWAYS, { REDIS_URL: redisUrl }, 'fleet', prefix);
    const scenario = `${TARGETS} distinct cold targets x ${CALLERS_PER_TARGET} callers (upstream ${UPSTREAM_MS} ms)`;
    return [
      {
        scenario,
        metric: 'upstream requests per target, 1 gateway (memory state)',
        measured: `${single.upstream} (${single.answered} answered 200)`,
        baseline: String(TARGETS),
        ratio: fmt.ratio(single.upstream / TARGETS),
        target: '1.00',
        met: null,
      },
      {
        scenario,
        metric: `upstream requests per target, ${GATEWAYS} gateways on one Redis`,
        measured: `${shared.upstream} (${shared.answered} answered 200)`,
        baseline: `${TARGETS * GATEWAYS} (one fetch per gateway)`,
        ratio: fmt.ratio(shared.upstream / TARGETS),
        target: '1.00',
        met: null,
      },
    ];
  } finally {
    await deletePrefix(prefix, redisUrl);
  }
}

/** Runs the load over `count` gateways sharing one fake upstream; counts its requests and the 200s. */
async function upstreamPerTarget(
  count: number,
  env: Record<string, string>,
  label: string,
  prefix?: string,
): Promise<{ upstream: number; answered: number }> {
  const { upstream, origin } = await startForumUpstream(UPSTREAM_MS);
  const config = loadConfig(
    { API_KEYS: `${BENCH_KEY}=1000000000`, UPSTREAM_ORIGINS: `www.reddit.com=${origin}`, LOG_LEVEL: 'silent', WORKERS: 'off', ...env },
    catalogue.families,
  );
  const gateways: Gateway[] = [];
  const client = new Agent({ connections: TARGETS * CALLERS_PER_TARGET });
  try {
    for (let index = 0; index < count; index += 1) {
      const gateway = await createGateway(config, { catalogue, state: await createState(config, { prefix }) });
      await gateway.server.listen({ port: 0, host: '127.0.0.1' });
      gateways.push(gateway);
    }
    const urls = gateways.map((gateway) => `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`);
    const statuses = await Promise.all(
      Array.from({ length: TARGETS * CALLERS_PER_TARGET }, async (_unused, index) => {
        const target = index % TARGETS;
        const path = `/v1/forum/subreddit?subreddit=${label}${target}&limit=25&cache_max_age=1h`;
        const response = await request(urls[index % urls.length]! + path, { dispatcher: client, headers: { 'x-api-key': BENCH_KEY } });
        await response.body.dump();
        return response.statusCode;
      }),
    );
    return { upstream: upstream.requests.length, answered: statuses.filter((status) => status === 200).length };
  } finally {
    await client.destroy();
    for (const gateway of gateways) await gateway.close();
    await upstream.stop();
  }
}
