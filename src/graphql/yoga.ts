import { createYoga, isAsyncIterable, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { FrontendStore } from '../frontends/store.js';
import { TRUSTED_DOCUMENT_PARAMS, useTrustedDocuments } from '../frontends/trusted-documents.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { admittedCaller } from '../admission/index.js';
import { nativeSignal } from '../pipeline/native-signal.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { PubSubEventTarget } from '../state/pubsub-event-target.js';
import { attachBilling, type SerialisableResult } from './billing-extension.js';
import type { BillingTotals, GraphQLContext } from '../schema/context.js';
import { toGraphQLError } from '../schema/errors.js';
import { subscribeWithFreshContext } from './fresh-subscribe.js';
import { graphiqlOptions, renderGraphiQL, type GraphiQLSettings } from './graphiql.js';
import { useQueryLimits, type QueryLimits } from '../limits/query-limits.js';
import { GraphQLContextFactory, type GraphQLExtras } from './request-context.js';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * extensions.billing on every response, even one that failed before execution (stream events
 * carry their own), and a single result's credits in x-credits-charged (what a browser page reads).
 */
function useBillingExtension(billingOf: WeakMap<Request, BillingTotals>): Plugin {
  return {
    onResponse({ request, response }) {
      const billing = billingOf.get(request);
      const type = response.headers.get('content-type') ?? '';
      if (billing && type.includes('json')) response.headers.set('x-credits-charged', String(billing.creditsCharged));
    },
    onResultProcess({ request, result }) {
      const billing = billingOf.get(request) ?? { creditsCharged: 0, liveFetches: 0, cacheHits: 0 };
      for (const each of Array.isArray(result) ? result : [result]) {
        if (each && typeof each === 'object' && !(Symbol.asyncIterator in each)) attachBilling(each as SerialisableResult, billing);
      }
    },
  };
}

/**
 * An answer delivered in parts (@defer, @stream) carries the operation's billing in its last
 * part, when every field, deferred ones included, has run.
 */
const useIncrementalBilling: Plugin<GraphQLContext> = {
  onExecute() {
    return {
      onExecuteDone({ args, result }) {
        if (!isAsyncIterable(result)) return;
        return {
          onNext({ result: part }) {
            if ((part as { hasNext?: boolean }).hasNext === false) attachBilling(part as SerialisableResult, args.contextValue.billing);
          },
        };
      },
    };
  },
};

/** Subscriptions execute each event with a fresh context (fresh-subscribe.ts), on /graphql as on /graphql/stream. */
const useFreshContextPerEvent: Plugin = {
  onSubscribe({ setSubscribeFn }) {
    setSubscribeFn(subscribeWithFreshContext as never);
  },
};

/**
 * GraphQL over HTTP (and GraphiQL on GET) with the pipeline behind every field;
 * `Accept: text/event-stream` streams subscriptions (distinct-connections mode, a ping
 * comment every 12 s). Pass `contexts` to share the context factory with /graphql/stream.
 */
export function createGraphQLServer(
  schema: GraphQLSchema,
  deps: PipelineDeps,
  extras: GraphQLExtras & {
    contexts?: GraphQLContextFactory;
    limits?: Partial<QueryLimits>;
    graphiql?: GraphiQLSettings;
    /** Where trusted documents are read; without it a request must send its query text. */
    frontends?: FrontendStore;
  } = {},
): YogaServerInstance<ServerContext, GraphQLContext> {
  const contexts = extras.contexts ?? new GraphQLContextFactory(deps, new PubSubEventTarget(deps.state.pubsub), extras);
  const billingOf = new WeakMap<Request, BillingTotals>();
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    landingPage: false,
    // CORS is the door's (cors.ts): only origins some publishable key lists get CORS headers.
    cors: false,
    graphiql: graphiqlOptions(extras.graphiql),
    renderGraphiQL,
    // Yoga's default, stated because the benchmarks rely on it: a repeated document is parsed and validated once (LRU).
    parserAndValidationCache: true,
    // The same bound as Fastify's for REST bodies (Yoga's own default is 25 MB).
    maxRequestBodySize: 1024 * 1024,
    // A trusted document's id may come beside the standard parameters.
    extraParamNames: TRUSTED_DOCUMENT_PARAMS,
    plugins: [
      ...(extras.frontends ? useTrustedDocuments(extras.frontends) : []),
      useBillingExtension(billingOf),
      useFreshContextPerEvent,
      ...useQueryLimits(extras.limits),
      useDeferStream(),
      useIncrementalBilling,
    ],
    context: ({ request, req }) => {
      // The admission step's refusal (a missing, unknown or revoked key, a spent request rate) is
      // rendered by Yoga as any error is: a GraphQLError with its status in `extensions.http`.
      // Thrown where Yoga builds the context: a document the abuse limits refuse is a 400 whatever its key.
      if (req.refusal) throw toGraphQLError(req.refusal);
      const caller = admittedCaller(req);
      const context = contexts.create({
        account: caller.account,
        requestId: req.id,
        signal: nativeSignal(request.signal),
        onCharged: caller.publishable?.charged,
        cacheMaxAgeDefault: caller.cacheMaxAgeDefault,
      });
      billingOf.set(request, context.billing);
      return context;
    },
  });
}
