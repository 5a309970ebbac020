import type { AddressInfo } from 'node:net';
import type { EventLoopDelaySource } from '../../src/admission/index.js';
import { createGateway, type Gateway } from '../../src/app.js';
import type { Catalogue } from '../../src/catalogue/catalogue.js';
import type { FamilyDefinition } from '../../src/catalogue/family.js';
import { loadConfig, usesSharedStore } from '../../src/config/config.js';
import type { LogDestination } from '../../src/logging/logger-options.js';
import type { ResolveAll } from '../../src/outbound/index.js';
import { createState } from '../../src/state/index.js';
import type { SubscriptionOptions } from '../../src/subscriptions/index.js';
import { FakeUpstream } from './fake-upstream-server.js';
import { noteSecret, runLogDestination } from './log-capture.js';
import { checkResponsesOnClose } from './openapi-response-check.js';
import { catalogue as registeredCatalogue } from './registered-catalogue.js';
import { ResponseRecorder } from './response-recorder.js';

/** How long a test waits for a job to finish: generous, since a busy machine runs many suites at once. */
const JOB_FINISH_ALLOWANCE_MS = 30_000;

export interface Harness {
  gateway: Gateway;
  upstream: FakeUpstream;
  /** Where the FakeUpstream listens (for processes that need the same UPSTREAM_ORIGINS). */
  upstreamOrigin: string;
  baseUrl: string;
  /** GET a gateway path with a key (default: the rich test key). */
  get(path: string, key?: string | null): Promise<{ status: number; headers: Headers; body: Record<string, any> }>;
  /** A JSON POST (a job, a batch, a subscription), recorded like get(). */
  post(path: string, body: unknown, key?: string | null): Promise<{ status: number; headers: Headers; body: Record<string, any> }>;
  /** Polls GET /v1/jobs/{id} until the job or batch succeeded or failed. */
  finishedJob(id: string): Promise<Record<string, any>>;
  graphql(query: string, variables?: Record<string, unknown>, key?: string | null): Promise<{ status: number; body: Record<string, any> }>;
  /** Every answer get() and graphql() received, for the check against /openapi.json. */
  recorder: ResponseRecorder;
  close(): Promise<void>;
}

/** UPSTREAM_ORIGINS sending every host of `families` (default: every registered one) to `origin`. */
export const upstreamOrigins = (origin: string, families: readonly FamilyDefinition[] = registeredCatalogue.families): string =>
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
    catalogue?: Catalogue;
    eventLoopDelay?: () => EventLoopDelaySource;
    /** Hosts no family declares (stores, instances a caller names) that the fake upstream also answers. */
    callerHosts?: readonly string[];
  } = {},
): Promise<Harness> {
  const catalogue = options.catalogue ?? registeredCatalogue;
  const upstream = new FakeUpstream();
  const origin = await upstream.start();
  // The whole run's logs are searched for secrets afterwards (log-capture.global.ts), so they are written, at debug level.
  const runLog = options.logDestination ? undefined : runLogDestination();
  const config = loadConfig(
    {
      API_KEYS: `${RICH_KEY}=1000,${POOR_KEY}=0,${CAPPED_KEY}=100:2`,
      UPSTREAM_ORIGINS: [upstreamOrigins(origin, catalogue.families), ...(options.callerHosts ?? []).map((host) => `${host}=${origin}`)]
        .filter(Boolean)
        .join(','),
      UPSTREAM_TIMEOUT_MS: '2000',
      LOG_LEVEL: runLog ? 'debug' : 'silent',
      ...env,
    },
    catalogue.families,
  );
  for (const seeded of config.API_KEYS) noteSecret(seeded.key);
  // With REDIS_URL or REDIS_CLUSTER_NODES in env, a prefix of the test's own keeps its keys apart from other runs.
  const state = usesSharedStore(config) ? await createState(config, { prefix: options.redisPrefix }) : undefined;
  const gateway = await createGateway(config, {
    state,
    catalogue,
    logDestination: options.logDestination ?? runLog,
    subscriptions: options.subscriptions,
    resolveAll: options.resolveAll,
    eventLoopDelay: options.eventLoopDelay,
  });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;
  const headersFor = (key: string | null | undefined): Record<string, string> => (key === null ? {} : { 'x-api-key': key ?? RICH_KEY });
  const recorder = new ResponseRecorder();
  const harness: Harness = {
    gateway,
    upstream,
    upstreamOrigin: origin,
    baseUrl,
    async get(path, key) {
      const response = await fetch(baseUrl + path, { headers: headersFor(key) });
      const text = await recorder.record('GET', path, response);
      return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, any> };
    },
    async post(path, body, key) {
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(key) },
        body: JSON.stringify(body),
      });
      const text = await recorder.record('POST', path, response);
      return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, any> };
    },
    async finishedJob(id) {
      const deadline = Date.now() + JOB_FINISH_ALLOWANCE_MS;
      for (;;) {
        const job = (await harness.get(`/v1/jobs/${id}`)).body.data as Record<string, any>;
        if (job.status === 'succeeded' || job.status === 'failed') return job;
        if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
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
  return harness;
}
