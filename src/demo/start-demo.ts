import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../app.js';
import { catalogue } from '../catalogue/index.js';
import { loadConfig } from '../config.js';
import { DEMO_EXAMPLES, DEMO_SUBREDDIT, type DemoExample } from './examples.js';
import { DEMO_IMAGE_HOSTS } from './examples.js';
import { FAKE_INFERENCE_PATH, fakeInferenceProvider, fixedResolver } from './fake-inference.js';
import { FakeUpstream } from './fake-upstream.js';
import { startForwardProxy } from './forward-proxy.js';
import { forumRoutes, type ForumRouteOptions } from './world/forum-routes.js';
import { realtyRoutes } from './world/realty-routes.js';

/**
 * The whole offline demo in one call: the fake upstream answering every forum and realty
 * surface from the demo dataset, a local forward proxy standing in for the residential proxy
 * the realty family needs, and the real gateway wired to both through UPSTREAM_ORIGINS and
 * REALTY_PROXY_URL, a fake inference provider behind INFERENCE_URL, with in-memory state and
 * one demo key. No internet, proxy or Redis.
 */

/** The demo's key: fixed so GraphiQL, /docs and the client example can prefill it. */
export const DEMO_API_KEY = 'sk_demo_first_hour_0001';
export const DEMO_CREDITS = 10_000;
/** The demo's data changes this often, and watch subscriptions may check this often. */
export const DEMO_SCORE_TICK_MS = 5_000;
export const DEMO_WATCH_INTERVAL_SECONDS = 5;

export interface DemoOptions {
  port?: number;
  host?: string;
  /** Gateway log level; the demo keeps the terminal for its own lines by default. */
  logLevel?: string;
  /** Extra gateway environment. */
  env?: Record<string, string>;
  /** How often the weekly thread's score grows, so watch subscriptions see changes (default 5 s). */
  scoreTickMs?: number;
}

export interface Demo {
  gateway: Gateway;
  upstream: FakeUpstream;
  baseUrl: string;
  apiKey: string;
  examples: readonly DemoExample[];
  close(): Promise<void>;
}

/** The fake upstream with the demo dataset mounted (also usable on its own in tests). */
export function demoUpstream(options: ForumRouteOptions = {}): FakeUpstream {
  const upstream = new FakeUpstream();
  for (const route of [...forumRoutes(options), ...realtyRoutes()]) upstream.on(route);
  return upstream;
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const upstream = demoUpstream({ scoreTickMs: options.scoreTickMs ?? DEMO_SCORE_TICK_MS });
  const origin = await upstream.start();
  const proxy = await startForwardProxy();
  const inference = fakeInferenceProvider();
  const inferenceOrigin = await inference.start();
  const hosts = catalogue.families.flatMap((family) => family.hosts);
  // Only what the demo sets: a REDIS_URL or live proxy in the caller's environment must not leak in.
  const config = loadConfig({
    PORT: String(options.port ?? 4000),
    HOST: options.host ?? '127.0.0.1',
    API_KEYS: `${DEMO_API_KEY}=${DEMO_CREDITS}`,
    UPSTREAM_ORIGINS: hosts.map((host) => `${host}=${origin}`).join(','),
    REALTY_PROXY_URL: proxy.url,
    INFERENCE_URL: `${inferenceOrigin}${FAKE_INFERENCE_PATH}`,
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Live deployments keep 60 s; the demo lets a watch show a change within seconds.
    SUBSCRIPTION_MIN_INTERVAL_SECONDS: String(DEMO_WATCH_INTERVAL_SECONDS),
    ...options.env,
  });
  let gateway: Gateway;
  try {
    // Image hosts resolve from a fixed table: the demo's image check needs no DNS (no internet).
    gateway = await createGateway(config, { docs: { apiKey: DEMO_API_KEY, exampleSubreddit: DEMO_SUBREDDIT, watchIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS }, resolveAll: fixedResolver(DEMO_IMAGE_HOSTS) });
    await gateway.server.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await Promise.all([proxy.close(), upstream.stop(), inference.stop()]);
    throw error;
  }
  const address = gateway.server.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    gateway,
    upstream,
    baseUrl: `http://${host}:${address.port}`,
    apiKey: DEMO_API_KEY,
    examples: DEMO_EXAMPLES,
    async close() {
      await gateway.close();
      await Promise.all([proxy.close(), upstream.stop(), inference.stop()]);
    },
  };
}
