import type { AddressInfo } from 'node:net';
import type { EventLoopDelaySource } from '../../src/admission/index.js';
import { createGateway, type Gateway } from '../../src/app.js';
import type { Catalogue } from '../../src/catalogue/catalogue.js';
import type { FamilyDefinition } from '../../src/catalogue/family.js';
import { loadConfig, usesSharedStore } from '../../src/config/config.js';
import { registeredFamilies } from '../../src/families/registry.js';
import type { LogDestination } from '../../src/logging/logger-options.js';
import type { ResolveAll } from '../../src/outbound/index.js';
import { createState } from '../../src/state/index.js';
import type { SubscriptionOptions } from '../../src/subscriptions/index.js';
import { FakeUpstream } from './fake-upstream-server.js';
import { noteSecret, runLogDestination } from './log-capture.js';
import { checkResponsesOnClose } from './openapi-response-check.js';
import { ResponseRecorder } from './response-recorder.js';

export interface Harness {
  gateway: Gateway;
  upstream: FakeUpstream;
  /** Where the FakeUpstream listens (for processes that need the same UPSTREAM_ORIGINS). */
  upstreamOrigin: string;
  baseUrl: string;
  /** GET a gateway path with a key (default: the rich test key). */
  get(path: string, key?: string | null): Promise<{ status: number; headers: Headers; body: Record<string, any> }>;
  graphql(query: string, variables?: Record<string, unknown>, key?: string | null): Promise<{ status: number; body: Record<string, any> }>;
  /** Every answer get() and graphql() received, for the check against /openapi.json. */
  recorder: ResponseRecorder;
  close(): Promise<void>;
}

/** UPSTREAM_ORIGINS sending every host of `families` (default: every registered one) to `origin`. */
export const upstreamOrigins = (origin: string, families: readonly FamilyDefinition[] = registeredFamilies): string =>
  families
    .flatMap((family) => family.hosts)
    .map((host) => `${host}=${origin}`)
    .join(',');

export const RICH_KEY = 'sk_test_rich_0001';
export const POOR_KEY = 'sk_test_poor_0001';
export const CAPPED_KEY = 'sk_test_capped_01';

/** The real gateway on loopback, its upstream hosts pointed at a FakeUpstream. */
export async function startHarness(
  env: Record<string, string> = {},
  options: {
    redisPrefix?: string;
    logDestination?: LogDestination;
    subscriptions?: SubscriptionOptions;
    resolveAll?: ResolveAll;
    /** Hosts a family fetches without declaring them (hosts its callers name), also sent to the FakeUpstream. */
    originHosts?: readonly string[];
    catalogue?: Catalogue;
    eventLoopDelay?: () => EventLoopDelaySource;
  } = {},
): Promise<Harness> {
  const upstream = new FakeUpstream();
  const origin = await upstream.start();
  // The whole run's logs are searched for secrets afterwards (log-capture.global.ts), so they are written, at debug level.
  const runLog = options.logDestination ? undefined : runLogDestination();
  const config = loadConfig(
    {
      API_KEYS: `${RICH_KEY}=1000,${POOR_KEY}=0,${CAPPED_KEY}=100:2`,
      UPSTREAM_ORIGINS: [
        upstreamOrigins(origin, options.catalogue?.families),
        ...(options.originHosts ?? []).map((host) => `${host}=${origin}`),
      ]
        .filter(Boolean)
        .join(','),
      UPSTREAM_TIMEOUT_MS: '2000',
      LOG_LEVEL: runLog ? 'debug' : 'silent',
      ...env,
    },
    options.catalogue?.families,
  );
  for (const seeded of config.API_KEYS) noteSecret(seeded.key);
  // With REDIS_URL or REDIS_CLUSTER_NODES in env, a prefix of the test's own keeps its keys apart from other runs.
  const state = usesSharedStore(config) ? await createState(config, { prefix: options.redisPrefix }) : undefined;
  const gateway = await createGateway(config, {
    state,
    catalogue: options.catalogue,
    logDestination: options.logDestination ?? runLog,
    subscriptions: options.subscriptions,
    resolveAll: options.resolveAll,
    eventLoopDelay: options.eventLoopDelay,
  });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;
  const headersFor = (key: string | null | undefined): Record<string, string> => (key === null ? {} : { 'x-api-key': key ?? RICH_KEY });
  const recorder = new ResponseRecorder();
  return {
    gateway,
    upstream,
    upstreamOrigin: origin,
    baseUrl,
    async get(path, key) {
      const response = await fetch(baseUrl + path, { headers: headersFor(key) });
      const text = await recorder.record('GET', path, response);
      return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, any> };
    },
    async graphql(query, variables, key) {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headersFor(key) },
        body: JSON.stringify({ query, variables }),
      });
      const text = await recorder.record('POST', '/graphql', response);
      return { status: response.status, body: JSON.parse(text) as Record<string, any> };
    },
    recorder,
    async close() {
      // The end-to-end suites' answers must all be documented: checked before the server goes.
      const check = checkResponsesOnClose(baseUrl, recorder.responses);
      await check.finally(async () => {
        await gateway.close();
        await upstream.stop();
      });
    },
  };
}
