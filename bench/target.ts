/**
 * The process under load: a gateway (its upstream a loopback fake), a bare node:http server
 * answering the gateway's own cache-hit bytes, and a one-route Fastify answering the same. Run by bench/support/target-process.ts
 * so autocannon and the servers do not share an event loop; it answers IPC messages with its
 * URLs, memory and upstream counters.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createClient } from 'redis';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createState } from '../src/state/index.js';
import { RedisCache } from '../src/state/redis/cache.js';
import { isRedisState } from '../src/state/redis/index.js';
import { profileControl } from './support/inspector-profile.js';
import { BENCH_KEY, startForumUpstream } from './support/forum-upstream.js';
import type { TargetReady, TargetRequest, TargetStats } from './support/target-process.js';
import { catalogue } from '../test/support/registered-catalogue.js';
import { hash } from 'node:crypto';
import { frontendStoreOf } from '../src/frontends/index.js';
import { createPublishableKey } from '../src/frontends/publishable-keys.js';
import { accountIdForKey } from '../src/state/key-hash.js';

/** The cache-hit request of the table: 25 posts, a cache age every run accepts. */
export const HIT_PATH = '/v1/forum/subreddit?subreddit=bench&limit=25&cache_max_age=1h';

/** The GraphQL cache hit of the publishable-key run: the same page as HIT_PATH, sent as a trusted document. */
export const GRAPHQL_HIT_QUERY =
  'query BenchHit { forumSubreddit(subreddit: "bench", limit: 25, cacheMaxAge: "1h") { items { title likeCount } pagination { cursor hasMore } } }';
/** The publishable key of that run, its page's origin, and a per-IP rate the load never reaches (all load comes from one IP). */
const BENCH_PUBLISHABLE_KEY = 'pk_test_bench_0001';
const BENCH_PAGE_ORIGIN = 'http://bench-page.example';

/** Response headers the bare server must not copy: they are per response or per connection. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function main(): Promise<void> {
  // BENCH_UPSTREAM_ORIGIN: the fake runs elsewhere (the memory run), so its bodies are not counted as the gateway's memory.
  const external = process.env.BENCH_UPSTREAM_ORIGIN;
  const { upstream, origin } = external ? { upstream: null, origin: external } : await startForumUpstream();
  const redisUrl = process.env.REDIS_URL;
  const prefix = `pdgbench:${process.pid}:`;
  const config = loadConfig(
    {
      API_KEYS: `${BENCH_KEY}=1000000000000`,
      UPSTREAM_ORIGINS: `www.reddit.com=${origin}`,
      LOG_LEVEL: 'silent',
      // One key carries all the load: a budget it never reaches, so the limiter's cost is measured but never refuses.
      RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? '1000000000',
      CACHE_MAX_BYTES: process.env.BENCH_CACHE_MAX_BYTES ?? String(256 * 1024 * 1024),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    catalogue.families,
  );
  // A run of its own under Redis, so the benchmark never touches the deployment's pdg: keys.
  const state = await createState(config, { prefix });
  // BENCH_NEAR_CACHE=0: the Redis cache without the in-process near-cache in front of it (the near-cache's baseline).
  if (process.env.BENCH_NEAR_CACHE === '0' && isRedisState(state))
    state.cache = new RedisCache(state.store, { retentionSeconds: config.CACHE_RETENTION_SECONDS });
  const gateway = await createGateway(config, { catalogue, state });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  const gatewayUrl = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;

  // A browser frontend of the bench account: its publishable key and the GraphQL hit as a trusted document.
  const accountId = accountIdForKey(BENCH_KEY);
  await createPublishableKey(frontendStoreOf(state), state.keys, {
    accountId,
    origins: BENCH_PAGE_ORIGIN,
    key: BENCH_PUBLISHABLE_KEY,
    perIpPerMinute: 1_000_000_000,
  });
  const graphqlHitDocumentId = hash('sha256', GRAPHQL_HIT_QUERY, 'hex');
  await frontendStoreOf(state).addDocuments(accountId, new Map([[graphqlHitDocumentId, GRAPHQL_HIT_QUERY]]));

  // Warm the cache, then serve exactly what a hit answers from the bare server.
  await fetch(gatewayUrl + HIT_PATH, { headers: { 'x-api-key': BENCH_KEY } });
  const hit = await fetch(gatewayUrl + HIT_PATH, { headers: { 'x-api-key': BENCH_KEY } });
  const hitBody = Buffer.from(await hit.arrayBuffer());
  const hitHeaders: OutgoingHttpHeaders = {};
  hit.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) hitHeaders[name] = value;
  });
  const bare = createServer((_request, response) => {
    response.writeHead(200, hitHeaders);
    response.end(hitBody);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  // The framework alone, same bytes: separates what Fastify costs from what the gateway's route costs.
  const framework = Fastify({ logger: false });
  framework.get(new URL(HIT_PATH, gatewayUrl).pathname, (_request, reply) => reply.headers(hitHeaders).send(hitBody));
  await framework.listen({ port: 0, host: '127.0.0.1' });
  const fastifyUrl = `http://127.0.0.1:${(framework.server.address() as AddressInfo).port}`;

  const stats = (collect: boolean): TargetStats => {
    const memory = process.memoryUsage();
    const gc = (globalThis as { gc?: () => void }).gc;
    let liveHeap: number | null = null;
    if (collect && gc) {
      gc();
      liveHeap = process.memoryUsage().heapUsed;
    }
    return {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      liveHeap,
      upstreamRequests: upstream?.requests.length ?? 0,
      upstreamConnections: upstream?.connections ?? 0,
      cpuMicros: process.cpuUsage().user + process.cpuUsage().system,
    };
  };
  process.on('message', (message: TargetRequest) => {
    if (message.type === 'stats') {
      // The fake's request log is the benchmark's, not the gateway's: drop it so it does not count as the gateway's memory.
      const current = stats(message.collect === true);
      if (upstream) upstream.requests.length = 0;
      process.send?.({ type: 'stats', stats: current });
    } else if (message.type === 'stop') {
      void stop();
    } else if (message.type === 'profile') {
      void profileControl(message.action, message.path).then(() => process.send?.({ type: 'profiled' }));
    }
  });
  const stop = async () => {
    bare.closeAllConnections();
    bare.close();
    await framework.close();
    await gateway.close();
    await upstream?.stop();
    if (redisUrl) await dropKeys(redisUrl, prefix);
    process.exit(0);
  };
  const ready: TargetReady = {
    type: 'ready',
    gatewayUrl,
    bareUrl,
    fastifyUrl,
    hitPath: HIT_PATH,
    hitBytes: hitBody.length,
    key: BENCH_KEY,
    publishable: {
      key: BENCH_PUBLISHABLE_KEY,
      origin: BENCH_PAGE_ORIGIN,
      query: GRAPHQL_HIT_QUERY,
      documentId: `sha256:${graphqlHitDocumentId}`,
    },
  };
  process.send?.(ready);
}

async function dropKeys(url: string, prefix: string): Promise<void> {
  const client = await createClient({ url }).connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  await client.quit();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
