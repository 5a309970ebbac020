import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { execute, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { createHandler, type Response as SseResponse } from 'graphql-sse';
import { admittedCaller, admittedOrNull } from '../admission/index.js';
import { GatewayError } from '../errors.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { attachBilling, type SerialisableResult } from './billing-extension.js';
import type { GraphQLContext } from '../schema/context.js';
import { toGraphQLError } from '../schema/errors.js';
import { subscribeWithFreshContext } from './fresh-subscribe.js';
import { checkOperation, validateUnlessChecked } from '../limits/operation-check.js';
import type { QueryLimits } from '../limits/query-limits.js';
import type { GraphQLContextFactory } from './request-context.js';
import { StreamReservations } from './stream-reservations.js';
import { readBody } from './event-stream-wire.js';
import { SharedEventStreams } from './event-streams.js';

/** Reserved (PUT) single-connection streams one key may hold at once. */
export const MAX_STREAMS_PER_KEY = 20;
/** A reservation nobody connects to within this time is dropped. */
const RESERVATION_TTL_MS = 60_000;
const TOKEN_HEADER = 'x-graphql-event-stream-token';

/** graphql-sse types its context as a record. */
type StreamContext = GraphQLContext & Record<PropertyKey, unknown>;

/**
 * Request headers as they are. (graphql-sse's own Fastify adapter answers the string
 * "undefined" for a missing header, which would make every token-less request share one
 * stream token; this door adapts Fastify to the generic handler itself.)
 */
const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** The presented stream token, scoped to the caller's account; null when none was presented. */
function scopedToken(request: FastifyRequest, account: ApiKeyRecord): string | null {
  const presented = header(request, TOKEN_HEADER) ?? new URL(request.url, 'http://localhost').searchParams.get('token');
  if (!presented) return null;
  return presented.startsWith(`${account.id}:`) ? presented : `${account.id}:${presented}`;
}

function errorResponse(error: GraphQLError): SseResponse {
  const http = error.extensions.http as { status?: number; headers?: Record<string, string> } | undefined;
  const status = http?.status ?? 500;
  return [
    JSON.stringify({ errors: [error.toJSON()] }),
    {
      status,
      statusText: status === 401 ? 'Unauthorized' : 'Error',
      headers: { ...http?.headers, 'content-type': 'application/json; charset=utf-8' },
    },
  ];
}

/**
 * graphql-sse on /graphql/stream: single-connection mode (PUT reserves a stream token, one
 * `Accept: text/event-stream` GET carries every operation, POST and DELETE start and stop
 * operations), and distinct-connections mode when no token is given. The same schema,
 * admission (a refusal answered with the spec's codes on every request), context,
 * fresh context per event and billing as Yoga on /graphql; a ping comment every 12 s
 * (graphql-sse's own interval).
 *
 * Stream tokens are scoped to the key that reserved them (`{accountId}:{uuid}`): a token
 * presented with another key names a stream that does not exist (404).
 */
export function registerGraphQLStream(
  server: FastifyInstance,
  schema: GraphQLSchema,
  contexts: GraphQLContextFactory,
  limits: Partial<QueryLimits> = {},
  streams?: SharedEventStreams,
): void {
  const reservations = new StreamReservations({ maxPerAccount: MAX_STREAMS_PER_KEY, ttlMs: RESERVATION_TTL_MS });

  const contextFor = (request: { raw: FastifyRequest }): StreamContext => {
    const { account, cacheMaxAgeDefault } = admittedCaller(request.raw);
    // No request signal: in single-connection mode the POST that starts an operation ends at once
    // while the operation lives on; closing the stream or a DELETE returns its iterator instead.
    return contexts.create({ account, requestId: request.raw.id, cacheMaxAgeDefault }) as StreamContext;
  };

  const handler = createHandler<FastifyRequest, undefined, StreamContext>({
    schema,
    validate: validateUnlessChecked,
    execute: (args) => execute(args),
    subscribe: (args) => subscribeWithFreshContext(args),
    authenticate(request) {
      let account: ApiKeyRecord;
      try {
        account = admittedCaller(request.raw).account;
      } catch (error) {
        return errorResponse(toGraphQLError(error));
      }
      if (request.method !== 'PUT') {
        // A token no stream has means distinct-connections mode.
        return scopedToken(request.raw, account) ?? randomUUID();
      }
      // PUT always issues a new token, whatever the request carries: graphql-sse's client keeps
      // the previous stream's token in its headers when it reconnects.
      if (!reservations.hasRoom(account.id)) {
        return errorResponse(
          toGraphQLError(
            new GatewayError(
              'invalid_request',
              `A key may hold at most ${MAX_STREAMS_PER_KEY} single-connection streams; close one first.`,
            ),
          ),
        );
      }
      return `${account.id}:${randomUUID()}`;
    },
    context: contextFor,
    // The abuse limits of /graphql (Yoga plugins there), before anything runs or is fetched.
    onSubscribe(request, params) {
      const checked = checkOperation(schema, params.query, params.operationName, params.variables, limits);
      // graphql-sse recognises a result by its data member.
      if ('errors' in checked) return { data: null, errors: checked.errors };
      return {
        schema,
        document: checked.document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue: contextFor(request),
      };
    },
    onNext(context, _request, result) {
      // Stream events carry their own billing (fresh-subscribe.ts); single results get the operation's.
      const serialisable = result as SerialisableResult & ExecutionResult;
      if (!serialisable.extensions?.billing) attachBilling(serialisable, context.billing);
      return result;
    },
  });

  /** Forgets a reservation nobody connected to: opening and closing its stream is the only way graphql-sse drops one. */
  const expire = (request: FastifyRequest, token: string) => async () => {
    const [body] = await handler({
      method: 'GET',
      url: `/graphql/stream?token=${encodeURIComponent(token)}`,
      // The reserving request's own caller is admitted again (`raw`).
      headers: { get: (name) => (name === 'accept' ? 'text/event-stream' : null) },
      body: null,
      raw: request,
      context: undefined,
    });
    if (body && typeof body !== 'string') await body.return();
  };

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Distinct-connections subscriptions to shared events go straight to the socket (event-streams.ts).
    let text: string | undefined;
    if (streams && SharedEventStreams.candidate(request) && !header(request, TOKEN_HEADER) && !request.url.includes('token=')) {
      text = await readBody(request);
      if (await streams.serve(request, reply, text, 'graphql-sse')) return;
    }
    reply.hijack();
    const [body, init] = await handler({
      method: request.method,
      url: request.url,
      headers: { get: (name) => header(request, name) },
      body: text ?? (() => readBody(request)),
      raw: request,
      context: undefined,
    }).catch((error: unknown): SseResponse => {
      request.log.error({ err: error }, 'graphql-stream failed');
      return errorResponse(toGraphQLError(error));
    });
    const account = admittedOrNull(request)?.account;
    if (request.method === 'PUT' && init.status === 201 && typeof body === 'string' && account)
      reservations.reserved(account.id, body, expire(request, body));

    reply.raw.writeHead(init.status, init.statusText, { ...init.headers, 'x-request-id': request.id });
    if (!body || typeof body === 'string') {
      reply.raw.end(body ?? undefined);
      return;
    }
    const token = account ? scopedToken(request, account) : null;
    if (token) reservations.connected(token);
    const close = () => void body.return();
    reply.raw.once('close', close);
    try {
      for await (const chunk of body) {
        if (!reply.raw.writable) break;
        if (!reply.raw.write(chunk)) await new Promise((resolve) => reply.raw.once('drain', resolve));
      }
    } finally {
      reply.raw.off('close', close);
      if (token && account) reservations.ended(account.id, token);
      reply.raw.end();
    }
  }

  server.register(async (scope) => {
    // graphql-sse reads the body itself (and GET carries none).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({ url: '/graphql/stream', method: ['GET', 'POST', 'PUT', 'DELETE'], handler: serve });
  });
}
