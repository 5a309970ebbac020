import Fastify, { type FastifyInstance, type onResponseHookHandler } from 'fastify';
import { Admission, createOverloadGuard, type EventLoopDelaySource, type OverloadGuard } from './admission/index.js';
import type { Catalogue } from './catalogue/catalogue.js';
import type { Config } from './config/config.js';
import { registerApiReference } from './docs/api-reference.js';
import { registerDocumentRoutes } from './docs/document-routes.js';
import { buildLlmsTxt } from './docs/llms-txt.js';
import { buildOpenApi } from './docs/openapi.js';
import { GatewayError } from './errors.js';
import { createJobs, type Jobs } from './jobs/index.js';
import { loggerOptions, type LogDestination } from './logging/logger-options.js';
import { registerMcpDoor } from './mcp/door.js';
import { createMetrics, registerShedCounter, registerSharedWatchGauges } from './metrics.js';
import { createPipelineDeps } from './pipeline/deps.js';
import { registerProbes } from './probes.js';
import { errorBody } from './render/envelope.js';
import { registerRestDoor } from './rest/door.js';
import { serverWithLane, type RestHitLane } from './rest/hit-lane.js';
import { serviceRoutes } from './service-routes.js';
import { sendRestError } from './rest/errors.js';
import { buildSchema } from './schema/index.js';
import { registerGraphQLDoors } from './graphql/doors.js';
import type { GraphiQLSettings } from './graphql/graphiql.js';
import type { ResolveAll } from './outbound/index.js';
import { createState } from './state/index.js';
import { frontendStoreOf } from './frontends/index.js';
import type { StateAdapters } from './state/ports.js';
import type { BudgetGuard } from './upstream/budget/guard.js';
import type { PubSubEventTarget } from './state/pubsub-event-target.js';
import { createSubscriptions, type SubscriptionOptions, type SubscriptionService } from './subscriptions/index.js';

export interface Gateway {
  server: FastifyInstance;
  state: StateAdapters;
  jobs: Jobs;
  subscriptions: SubscriptionService;
  /** Pub/sub topics as the GraphQL streams of this process follow them. */
  graphqlEvents: PubSubEventTarget;
  /** What this process knows of each upstream host's budget (the remaining-budget gauge reads it; tests lifting a fault forget it). */
  upstreamBudgets: BudgetGuard;
  /** Whether this process sheds new data requests now; null when OVERLOAD_MAX_EVENT_LOOP_DELAY_MS is 0. */
  overload: OverloadGuard | null;
  /** The REST door's lane for cache hits, in front of the framework. */
  restHitLane: RestHitLane;
  /** Every method and path the server answers (for the OpenAPI coverage test). */
  routes: { method: string; path: string }[];
  close(): Promise<void>;
}

/** Composes state, upstream client, catalogue and the doors into one Fastify server. */
export async function createGateway(
  config: Config,
  options: {
    /** The families to serve: the process entry builds it from the registry (tests, from their own). */
    catalogue: Catalogue;
    state?: StateAdapters;
    logDestination?: LogDestination;
    subscriptions?: SubscriptionOptions;
    docs?: GraphiQLSettings;
    resolveAll?: ResolveAll;
    /** Where the overload guard reads the event loop's delay (tests); default: perf_hooks. */
    eventLoopDelay?: () => EventLoopDelaySource;
  },
): Promise<Gateway> {
  // URL forms whose hosts a setting lists (an allowlist of instances) read them from this configuration.
  const catalogue = options.catalogue.withSettings(config.settings);
  // Memory without REDIS_URL, Redis with it; main.ts connects first so it can exit with one line.
  const state = options.state ?? (await createState(config));
  for (const seeded of config.API_KEYS) await state.keys.seed(seeded.key, seeded.credits, seeded.dailyCap);

  // Built once the REST door's routes exist; until then every request goes to the framework.
  let restHitLane: RestHitLane | null = null;
  const server = Fastify({ ...loggerOptions(config, options.logDestination), serverFactory: serverWithLane(() => restHitLane) });

  const metrics = createMetrics();
  const routes: Gateway['routes'] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, path: route.url });
    // Each route counts its own answers under a label known here, once: reading it per request
    // (request.routeOptions) builds an options object for every answer.
    const observe = metrics.routeObserver(route.url);
    const counted: onResponseHookHandler = (_request, reply, done) => {
      observe(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), counted];
  });
  // One pipeline and one upstream client for every door of the process, job workers and subscription checks included.
  const pipeline = createPipelineDeps(config, catalogue, state, {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    resolveAll: options.resolveAll,
    logError: (message, context) => server.log.error(context, message),
    observer: metrics.upstream,
  });
  metrics.watchBudgets(() => pipeline.budgetLines());
  const { deps } = pipeline;
  const logError = (message: string, context: Record<string, unknown>) => server.log.error(context, message);

  // Callback-style hooks: they do no I/O, and an async hook costs a promise on every request.
  // What no route matched (404s, requests refused before routing) is counted here; routes count their own.
  server.addHook('onResponse', (request, reply, done) => {
    if (request.is404) metrics.observeRequest('unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  server.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // One per process: every door admits its callers through it, in its own scope, and sheds there.
  const overload = createOverloadGuard(config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, registerShedCounter(metrics), options.eventLoopDelay);
  server.addHook('onReady', (done) => {
    overload?.start();
    done();
  });
  const admission = new Admission(state, config.RATE_LIMIT_PER_MINUTE, overload);

  const jobs = await createJobs(config, deps, logError);
  registerMcpDoor(server, catalogue, deps, { admission, jobs: jobs.service });
  if (config.WORKERS === 'inline') await jobs.startWorkers();
  const subscriptions = await createSubscriptions(config, deps, logError, options.subscriptions);
  if (config.WORKERS === 'inline') await subscriptions.start();
  registerSharedWatchGauges(metrics, () => subscriptions.watches.counts());
  const restLane = registerRestDoor(server, { catalogue, deps, admission, jobs: jobs.service, subscriptions }, metrics.routeObserver);
  restHitLane = restLane;
  server.addHook('preClose', (done) => {
    restLane.close();
    done();
  });
  const graphqlEvents = registerGraphQLDoors(
    server,
    // One schema per process: its fields read URLs through each request's context, which knows these settings.
    buildSchema(options.catalogue),
    deps,
    {
      admission,
      jobs: jobs.service,
      subscriptions,
      watches: subscriptions.watches,
      watchMinIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS,
      limits: { maxCost: config.GRAPHQL_MAX_COST, maxDepth: config.GRAPHQL_MAX_DEPTH },
      frontends: { store: frontendStoreOf(state), trustProxy: config.TRUST_PROXY },
    },
    {
      watchIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS,
      examples: catalogue.families.flatMap(
        (family) => family.graphqlExamples?.({ watchIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS }) ?? [],
      ),
      ...options.docs,
    },
  );

  registerDocumentRoutes(server, {
    openApi: JSON.stringify(buildOpenApi(catalogue, serviceRoutes)),
    llmsTxt: buildLlmsTxt(catalogue, serviceRoutes),
  });
  registerApiReference(server, { apiKey: options.docs?.apiKey });
  registerProbes(server, {
    ready: () => state.ready(),
    metrics: async () => ({ contentType: metrics.registry.contentType, text: await metrics.registry.metrics() }),
  });

  server.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json')
      .send(errorBody(new GatewayError('not_found', `No route ${request.method} ${request.url.split('?')[0]}; see /openapi.json.`))),
  );
  // Outside /v1 too (GraphQL's own parsing, docs), a failure is rendered as the error envelope.
  server.setErrorHandler((error, request, reply) => sendRestError(reply, request, error, state.ledger, null));

  return {
    server,
    state,
    jobs,
    subscriptions,
    graphqlEvents,
    upstreamBudgets: pipeline.budgets,
    overload,
    restHitLane: restLane,
    routes,
    async close() {
      overload?.close();
      await server.close();
      await jobs.close();
      await subscriptions.close();
      await pipeline.close();
      await state.close();
    },
  };
}
