import type { AddressInfo } from 'node:net';
import { createGateway, type Gateway } from '../app.js';
import { seedDemoFrontend } from './frontend-seed.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { FamilyDefinition } from '../catalogue/family.js';
import { loadConfig } from '../config/config.js';
import type { GraphQLExample } from '../catalogue/family.js';
import { FakeUpstream } from '../demo-kit/fake-upstream.js';
import { fixedResolver } from './fixed-resolver.js';
import type { DemoExample, DemoWorldParts } from '../catalogue/demo-world.js';

/**
 * The whole offline demo in one call: one fake upstream answering every family's hosts from its
 * demo world, the stand-ins each world needs (a forward proxy, a model provider), and the real
 * gateway wired to them through UPSTREAM_ORIGINS and the families' own settings, with in-memory
 * state and one demo key. No internet, proxy or Redis.
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
  /** How often the worlds' content moves, so watch subscriptions see changes (default 5 s). */
  scoreTickMs?: number;
  /** The catalogue to serve; each family with a demo world brings its examples. */
  catalogue: Catalogue;
  /** The example browser page's trusted documents (`{ sha256: text }`), registered beside the GraphQL examples. */
  pageDocuments?: Readonly<Record<string, string>>;
}

export interface Demo {
  gateway: Gateway;
  upstream: FakeUpstream;
  baseUrl: string;
  apiKey: string;
  /** A publishable key for the example browser page's origins (examples/browser-frontend). */
  publishableKey: string;
  examples: readonly DemoExample[];
  graphqlExamples: readonly GraphQLExample[];
  close(): Promise<void>;
}

/**
 * Starts every family's demo world; stops the ones already started if one fails. A world without
 * GraphiQL examples of its own shows its family's.
 */
async function startWorlds(families: readonly FamilyDefinition[], changeEveryMs: number): Promise<DemoWorldParts[]> {
  const started: DemoWorldParts[] = [];
  const watchIntervalSeconds = DEMO_WATCH_INTERVAL_SECONDS;
  try {
    for (const family of families) {
      if (!family.demo) continue;
      const world = await (await family.demo()).start({ changeEveryMs });
      started.push({ ...world, graphqlExamples: world.graphqlExamples ?? family.graphqlExamples?.({ watchIntervalSeconds }) });
    }
    return started;
  } catch (error) {
    await closeWorlds(started);
    throw error;
  }
}

const closeWorlds = (worlds: readonly DemoWorldParts[]) => Promise.all(worlds.map((world) => world.close?.()));

export async function startDemo(options: DemoOptions): Promise<Demo> {
  const { families } = options.catalogue;
  const worlds = await startWorlds(families, options.scoreTickMs ?? DEMO_SCORE_TICK_MS);
  const upstream = new FakeUpstream();
  for (const route of worlds.flatMap((world) => world.routes ?? [])) upstream.on(route);
  const origin = await upstream.start();
  const stopAll = async () => {
    await upstream.stop();
    await closeWorlds(worlds);
  };
  const hosts = [...families.flatMap((family) => family.hosts), ...worlds.flatMap((world) => world.hosts ?? [])];
  let gateway: Gateway;
  try {
    // Only what the demo sets: a REDIS_URL or live proxy in the caller's environment must not leak in.
    const config = loadConfig(
      {
        PORT: String(options.port ?? 4000),
        HOST: options.host ?? '127.0.0.1',
        API_KEYS: `${DEMO_API_KEY}=${DEMO_CREDITS}`,
        UPSTREAM_ORIGINS: hosts.map((host) => `${host}=${origin}`).join(','),
        LOG_LEVEL: options.logLevel ?? 'warn',
        // Live deployments keep 60 s; the demo lets a watch show a change within seconds.
        SUBSCRIPTION_MIN_INTERVAL_SECONDS: String(DEMO_WATCH_INTERVAL_SECONDS),
        ...Object.assign({}, ...worlds.map((world) => world.env ?? {})),
        ...options.env,
      },
      families,
    );
    const graphqlExamples = worlds.flatMap((world) => world.graphqlExamples ?? []);
    // Caller-supplied hosts resolve from the worlds' fixed tables: the demo needs no DNS (no internet).
    const resolveAll = fixedResolver(Object.assign({}, ...worlds.map((world) => world.resolveHosts ?? {})));
    gateway = await createGateway(config, {
      catalogue: options.catalogue,
      docs: { apiKey: DEMO_API_KEY, watchIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS, examples: graphqlExamples },
      resolveAll,
      subscriptions: { resolveAll },
    });
    try {
      await gateway.server.listen({ port: config.PORT, host: config.HOST });
    } catch (error) {
      await gateway.close();
      throw error;
    }
    // Every GraphQL example, and the example browser page's documents, are trusted documents of the demo account.
    const frontend = await seedDemoFrontend(gateway.state, DEMO_API_KEY, graphqlExamples, options.pageDocuments);
    const address = gateway.server.server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      gateway,
      upstream,
      baseUrl: `http://${host}:${address.port}`,
      apiKey: DEMO_API_KEY,
      publishableKey: frontend.publishableKey,
      examples: worlds.flatMap((world) => world.examples),
      graphqlExamples,
      async close() {
        await gateway.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
