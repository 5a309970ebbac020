import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { authenticate } from '../pipeline/auth.js';
import { cacheKey } from '../pipeline/cache-key.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import type { JobService } from '../jobs/service.js';
import type { ValidatedRequest } from '../pipeline/params.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { BillingTotals, GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

interface SerialisableResult {
  errors?: readonly GraphQLError[];
  extensions?: Record<string, unknown>;
  stringify?: (result: SerialisableResult) => string;
}

/**
 * Yoga reads `extensions.http` to choose the response status and then omits it from the
 * body; the contract publishes `extensions.http.status` on every error, so it is put back
 * when the (already sanitised) result is serialised.
 */
function keepHttpStatusInErrors(result: SerialisableResult): void {
  const statuses = result.errors?.map((error) => (error.extensions?.http as { status?: number } | undefined)?.status);
  if (!statuses?.some((status) => status !== undefined)) return;
  result.stringify = (sanitised) =>
    JSON.stringify({
      ...sanitised,
      errors: sanitised.errors?.map((error, index) => {
        const json = error.toJSON();
        return statuses[index] === undefined ? json : { ...json, extensions: { ...json.extensions, http: { status: statuses[index] } } };
      }),
    });
}

/** extensions.billing on every response, even one that failed before execution. */
function useBillingExtension(billingOf: WeakMap<Request, BillingTotals>): Plugin {
  const attach = (result: unknown, billing: BillingTotals) => {
    if (result && typeof result === 'object' && !(Symbol.asyncIterator in result)) {
      const executionResult = result as SerialisableResult;
      executionResult.extensions = { ...executionResult.extensions, billing: { ...billing } };
      keepHttpStatusInErrors(executionResult);
    }
  };
  return {
    onResultProcess({ request, result }) {
      const billing = billingOf.get(request) ?? { creditsCharged: 0, liveFetches: 0, cacheHits: 0 };
      for (const each of Array.isArray(result) ? result : [result]) attach(each, billing);
    },
  };
}

/** GraphQL over HTTP (and GraphiQL on GET) with the pipeline behind every field. */
export function createGraphQLServer(schema: GraphQLSchema, deps: PipelineDeps, extras: { jobs?: JobService } = {}): YogaServerInstance<ServerContext, GraphQLContext> {
  const billingOf = new WeakMap<Request, BillingTotals>();
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    landingPage: false,
    graphiql: { title: 'Public data gateway', headers: JSON.stringify({ 'x-api-key': '' }) },
    // Yoga's default, stated because the benchmarks rely on it: a repeated document is parsed and validated once (LRU).
    parserAndValidationCache: true,
    plugins: [useBillingExtension(billingOf)],
    context: async ({ request, req }) => {
      let account;
      try {
        account = await authenticate(deps.state.keys, request.headers.get('x-api-key') ?? undefined);
      } catch (error) {
        throw toGraphQLError(error);
      }
      const billing: BillingTotals = { creditsCharged: 0, liveFetches: 0, cacheHits: 0 };
      billingOf.set(request, billing);
      // Within one request, the same endpoint and parameters run once, whichever field asks.
      const inFlight = new Map<string, Promise<EndpointOutcome>>();
      const call = { account, requestId: req.id, signal: request.signal, upstreamMemo: new Map() };
      const run = (endpoint: EndpointDefinition, validated: ValidatedRequest): Promise<EndpointOutcome> => {
        const key = `${cacheKey(endpoint.path, validated.params)}|${validated.cacheMaxAgeSeconds}|${validated.includeRaw}`;
        let pending = inFlight.get(key);
        if (!pending) {
          pending = runEndpoint(deps, endpoint, validated, call).then(
            (outcome) => {
              billing.creditsCharged += outcome.creditsCharged;
              if (outcome.cached) billing.cacheHits += 1;
              else billing.liveFetches += 1;
              return outcome;
            },
            (error: unknown) => {
              throw toGraphQLError(error);
            },
          );
          inFlight.set(key, pending);
        }
        return pending;
      };
      return { account, requestId: req.id, billing, run, jobs: extras.jobs };
    },
  });
}
