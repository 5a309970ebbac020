import Fastify, { type FastifyInstance } from 'fastify';
import type { Catalogue } from './catalogue/catalogue.js';
import { catalogue as defaultCatalogue } from './catalogue/index.js';
import type { Config } from './config.js';
import { buildLlmsTxt } from './docs/llms-txt.js';
import { buildOpenApi } from './docs/openapi.js';
import { GatewayError } from './errors.js';
import { createJobs, type Jobs } from './jobs/index.js';
import { createMetrics } from './metrics.js';
import { createPipelineDeps } from './pipeline/deps.js';
import { errorBody } from './rest/envelope.js';
import { registerDataRoutes } from './rest/data-routes.js';
import { registerJobRoutes } from './rest/job-routes.js';
import { buildSchema } from './schema/index.js';
import { createGraphQLServer } from './schema/yoga.js';
import { createState } from './state/index.js';
import type { StateAdapters } from './state/ports.js';

export interface Gateway {
  server: FastifyInstance;
  state: StateAdapters;
  jobs: Jobs;
  /** Every method and path the server answers (for the OpenAPI coverage test). */
  routes: { method: string; path: string }[];
  close(): Promise<void>;
}

/** Composes state, upstream client, catalogue and the doors into one Fastify server. */
export async function createGateway(config: Config, options: { state?: StateAdapters; catalogue?: Catalogue } = {}): Promise<Gateway> {
  const catalogue = options.catalogue ?? defaultCatalogue;
  // Memory without REDIS_URL, Redis with it; main.ts connects first so it can exit with one line.
  const state = options.state ?? (await createState(config));
  for (const seeded of config.API_KEYS) await state.keys.seed(seeded.key, seeded.credits, seeded.dailyCap);

  const server = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers["x-api-key"]'] },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  });

  const routes: Gateway['routes'] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, path: route.url });
  });

  const pipeline = createPipelineDeps(config, catalogue, state, {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logError: (message, context) => server.log.error(context, message),
  });
  const { deps } = pipeline;

  const metrics = createMetrics();
  server.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ route, status: String(reply.statusCode) });
    metrics.duration.observe({ route }, reply.elapsedTime / 1000);
  });
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerDataRoutes(server, catalogue, deps);
  const jobs = await createJobs(config, catalogue, state, (message, context) => server.log.error(context, message));
  registerJobRoutes(server, jobs.service, deps);
  if (config.WORKERS === 'inline') await jobs.startWorkers();
  registerGraphQL(server, createGraphQLServer(buildSchema(catalogue), deps, { jobs: jobs.service }));

  const openApi = JSON.stringify(buildOpenApi(catalogue));
  const llmsTxt = buildLlmsTxt(catalogue);
  server.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(openApi));
  server.get('/llms.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(llmsTxt));
  server.get('/healthz', async () => ({ status: 'ok' }));
  server.get('/readyz', async (_request, reply) => {
    const ready = await state.ready().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
  });
  server.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));

  server.setNotFoundHandler((request, reply) =>
    reply.code(404).type('application/json').send(errorBody(new GatewayError('not_found', `No route ${request.method} ${request.url.split('?')[0]}; see /openapi.json.`))),
  );
  server.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    // Framework-level failures on caller input (bad JSON, oversized body) are the caller's, not ours.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(400).type('application/json').send(errorBody(new GatewayError('invalid_request', error.message ?? 'Bad request.')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).type('application/json').send(errorBody(new GatewayError('internal_error', 'Something went wrong on our side; nothing was charged.')));
  });

  return {
    server,
    state,
    jobs,
    routes,
    async close() {
      await server.close();
      await jobs.close();
      await pipeline.close();
      await state.close();
    },
  };
}

/** Yoga handles /graphql unchanged (the graphql-http audits depend on it): it reads the body itself. */
function registerGraphQL(server: FastifyInstance, yoga: ReturnType<typeof createGraphQLServer>): void {
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      url: '/graphql',
      method: ['GET', 'POST', 'OPTIONS'],
      handler: (req, reply) => yoga.handleNodeRequestAndResponse(req, reply, { req, reply }),
    });
  });
}
