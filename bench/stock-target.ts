/**
 * The stock assembly of the REST cache hit's features, in a process of its own: what a team
 * would write with off-the-shelf parts, as the baseline the gateway's hit is measured against
 * (beside bare node:http). Started by bench/support/stock-process.ts with the gateway's hit URL
 * and key; it answers that hit's own bytes from its cache.
 *
 * - Fastify 5, logger off, a UUID request id per request (x-request-id).
 * - A per-key rate limit in memory, keyed by x-api-key, with a budget the load never reaches,
 *   in an onRequest hook and with the x-ratelimit-* headers, as `@fastify/rate-limit` does by
 *   default. That plugin is not installed here; rate-limiter-flexible's RateLimiterMemory is the
 *   same kind of in-memory per-key counter.
 * - An onRequest hook that SHA-256-hashes the key and looks the account up in an lru-cache (401 otherwise).
 * - zod validation and canonicalisation of the query (subreddit, limit, sort, cache_max_age,
 *   cursor; 400 on failure); the cache is a Map of ready Buffers keyed on the canonical parameters.
 * - prom-client: a request counter and a duration histogram labelled by route and status.
 * - content-type, x-credits-charged, x-credits-remaining and x-request-id on every answer.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { LRUCache } from 'lru-cache';
import { Counter, Histogram, Registry } from 'prom-client';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { profileControl } from './support/inspector-profile.js';
import type { TargetRequest, TargetStats } from './support/target-process.js';

export interface StockReady {
  type: 'ready';
  url: string;
}

interface Account {
  id: string;
  balance: number;
}

const RATE_LIMIT = 1_000_000_000;
const RATE_WINDOW_SECONDS = 60;
const DURATION = /^(\d{1,9})([smhdw])?$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

const query = z
  .object({
    subreddit: z
      .string()
      .min(1)
      .max(2048)
      .transform((value) => value.replace(/^\/?r\//i, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{2,21}$/)),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    sort: z.enum(['hot', 'new', 'top', 'rising', 'controversial']).default('hot'),
    cache_max_age: z
      .string()
      .regex(DURATION)
      .transform((value) => {
        const [, amount, unit] = DURATION.exec(value)!;
        return Number(amount) * UNIT_SECONDS[unit ?? 's']!;
      })
      .optional(),
    cursor: z
      .string()
      .regex(/^t3_[a-z0-9]{1,16}$/)
      .optional(),
  })
  .strict();
type Query = z.infer<typeof query>;

const canonicalKey = (params: Query) => `${params.subreddit.toLowerCase()}|${params.sort}|${params.limit}|${params.cursor ?? ''}`;
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

async function main(): Promise<void> {
  const hitUrl = process.env.BENCH_HIT_URL;
  const key = process.env.BENCH_HIT_KEY;
  if (!hitUrl || !key) throw new Error('BENCH_HIT_URL and BENCH_HIT_KEY are required');

  // The gateway's own hit bytes, stored under the canonical parameters of its query.
  const hit = await fetch(hitUrl, { headers: { 'x-api-key': key } });
  const body = Buffer.from(await hit.arrayBuffer());
  const url = new URL(hitUrl);
  const params = query.parse(Object.fromEntries(url.searchParams));
  const cache = new Map<string, { body: Buffer; fetchedAt: number }>([[canonicalKey(params), { body, fetchedAt: Date.now() }]]);

  const accounts = new LRUCache<string, Account>({ max: 10_000 });
  accounts.set(hashKey(key), { id: 'acct_bench', balance: 1_000_000_000_000 });
  const limiter = new RateLimiterMemory({ points: RATE_LIMIT, duration: RATE_WINDOW_SECONDS });

  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['route', 'status'] as const,
    buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15],
    registers: [registry],
  });

  const app = Fastify({ logger: false, genReqId: () => randomUUID() });
  app.decorateRequest('account', null);
  // The rate limit first, as the plugin registers it: per x-api-key, headers on every answer.
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-api-key'];
    const limitKey = typeof header === 'string' ? header : request.ip;
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(limitKey);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      result = refusal;
    }
    reply.header('x-ratelimit-limit', RATE_LIMIT);
    reply.header('x-ratelimit-remaining', result.remainingPoints);
    reply.header('x-ratelimit-reset', Math.ceil(result.msBeforeNext / 1000));
    if (result.remainingPoints >= 0 && result.consumedPoints <= RATE_LIMIT) return;
    reply.header('retry-after', Math.ceil(result.msBeforeNext / 1000));
    return reply.code(429).send({ error: 'rate_limited' });
  });
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-api-key'];
    const account = typeof header === 'string' ? accounts.get(hashKey(header)) : undefined;
    if (!account) return reply.code(401).send({ error: 'invalid_api_key' });
    (request as unknown as { account: Account }).account = account;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(url.pathname, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_request', issues: parsed.error.issues });
    const entry = cache.get(canonicalKey(parsed.data));
    const maxAge = parsed.data.cache_max_age;
    if (!entry || maxAge === undefined || Date.now() - entry.fetchedAt > maxAge * 1000) {
      return reply.code(404).send({ error: 'not_cached' });
    }
    const { balance } = (request as unknown as { account: Account }).account;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('x-credits-charged', '0')
      .header('x-credits-remaining', String(balance))
      .send(entry.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const stats = (): TargetStats => {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    return {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      liveHeap: null,
      upstreamRequests: 0,
      upstreamConnections: 0,
      cpuMicros: cpu.user + cpu.system,
    };
  };
  process.on('message', (message: TargetRequest) => {
    if (message.type === 'stats') process.send?.({ type: 'stats', stats: stats() });
    else if (message.type === 'stop') void app.close().then(() => process.exit(0));
    else if (message.type === 'profile') void profileControl(message.action, message.path).then(() => process.send?.({ type: 'profiled' }));
  });
  const ready: StockReady = {
    type: 'ready',
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${url.pathname}${url.search}`,
  };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
