import { afterAll, beforeAll } from 'vitest';
import { spawnGateway, type ChildGateway } from '../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { FakeUpstream, type FakeRoute } from './fake-upstream-server.js';

export interface GatewaysOnRedisSetup {
  /** The one API key, with 1000 credits, that every call sends. */
  key: string;
  /** The upstream hosts sent to the fake upstream. */
  hosts: readonly string[];
  /** The fake upstream's routes, in order. */
  routes: readonly FakeRoute[];
  /** More settings of both processes (a family's pace, the upstream time-out). */
  env?: Record<string, string>;
}

/** What a family's throttling tests read from an answer. */
export interface GatewayAnswer {
  status: number;
  retryAfter: number;
  charged: string | null;
  code: string | undefined;
}

/**
 * Two gateway processes sharing one Redis (a prefix of their own) and one fake upstream, started
 * before the calling describe's tests and stopped after them: how a family's pace, quota or
 * back-off is shown to hold across processes. Call inside a describe skipped without REDIS_URL.
 */
export function twoGatewaysOnRedis(setup: GatewaysOnRedisSetup) {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  const gateways: ChildGateway[] = [];

  beforeAll(async () => {
    for (const route of setup.routes) upstream.on(route);
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${setup.key}=1000`,
      UPSTREAM_ORIGINS: setup.hosts.map((host) => `${host}=${origin}`).join(','),
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
      ...setup.env,
    };
    gateways.push(...(await Promise.all([0, 1].map(() => spawnGateway('test/redis/gateway-process.ts', env)))));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  const call = (gateway: ChildGateway, path: string) => fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': setup.key } });
  return {
    upstream,
    /** Both processes, once started. */
    gateways,
    call,
    /** A call's status, Retry-After, credits charged and error code. */
    async answer(gateway: ChildGateway, path: string): Promise<GatewayAnswer> {
      const response = await call(gateway, path);
      const body = (await response.json()) as { error?: { code: string } };
      return {
        status: response.status,
        retryAfter: Number(response.headers.get('retry-after')),
        charged: response.headers.get('x-credits-charged'),
        code: body.error?.code,
      };
    },
  };
}
