import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { registerAdmission, type Admission } from '../admission/index.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { PubSubEventTarget } from '../state/pubsub-event-target.js';
import { registerGraphQLStream } from './graphql-stream.js';
import type { GraphiQLSettings } from './graphiql.js';
import type { QueryLimits } from '../limits/query-limits.js';
import { GraphQLContextFactory, type GraphQLExtras } from './request-context.js';
import { createGraphQLServer } from './yoga.js';
import { readBody } from './event-stream-wire.js';
import { SharedEventStreams } from './event-streams.js';
import { endStreamsOnClose } from './streams-on-close.js';
import { FrontendCors } from './cors.js';
import { PublishableAdmission } from '../frontends/publishable-admission.js';
import type { FrontendStore } from '../frontends/store.js';

/**
 * Both GraphQL doors on one context factory and one pub/sub event target: Yoga on /graphql
 * (queries, mutations, and subscriptions in distinct-connections mode) and graphql-sse on
 * /graphql/stream (single-connection mode), in one scope that admits their callers (x-api-key)
 * and lets each GraphQL server render a refusal as a GraphQL error. Returns the event target
 * (for tests and metrics).
 */
export function registerGraphQLDoors(
  server: FastifyInstance,
  schema: GraphQLSchema,
  deps: PipelineDeps,
  extras: GraphQLExtras & {
    admission: Admission;
    limits?: Partial<QueryLimits>;
    /** Publishable keys and trusted documents; `trustProxy` is TRUST_PROXY, for the per-client-IP limit. */
    frontends?: { store: FrontendStore; trustProxy: number };
  },
  graphiql?: GraphiQLSettings,
): PubSubEventTarget {
  const events = new PubSubEventTarget(deps.state.pubsub, {
    onError: (error, topic) => deps.logError('pub/sub failed', { err: error, topic }),
  });
  const contexts = new GraphQLContextFactory(deps, events, extras);
  const frontends = extras.frontends;
  const yoga = createGraphQLServer(schema, deps, { contexts, limits: extras.limits, graphiql, frontends: frontends?.store });
  const publishable = frontends && new PublishableAdmission(frontends.store, deps.state.keys, frontends.trustProxy, deps.logError);
  const streams = new SharedEventStreams(schema, contexts, extras.limits);
  // Yoga handles /graphql unchanged (the graphql-http audits depend on it): it reads the body itself,
  // except for distinct-connections subscriptions to shared events (event-streams.ts), whose body
  // is read first and handed to Yoga (as the request's parsed body) when the stream is not taken.
  server.register(async (doors) => {
    // GraphiQL and CORS preflights need no key: the servers answer them, and render refusals themselves.
    if (frontends) new FrontendCors(frontends.store).register(doors);
    endStreamsOnClose(server, doors);
    registerAdmission(doors, extras.admission, { acceptBearer: false, refusals: 'route', publishable });
    doors.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        url: '/graphql',
        method: ['GET', 'POST', 'OPTIONS'],
        handler: async (req, reply) => {
          // A publishable key's operation goes through Yoga, where trusted documents are enforced.
          if (SharedEventStreams.candidate(req) && !req.caller?.publishable) {
            const text = await readBody(req);
            if (await streams.serve(req, reply, text, 'yoga')) return reply;
            (req as { body: unknown }).body = text;
          }
          return yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
        },
      });
    });
    registerGraphQLStream(doors, schema, contexts, extras.limits, streams);
  });
  return events;
}
