import {
  alwaysHeaders,
  codesWithStatus,
  creditHeaders,
  errorStatuses,
  graphqlContent,
  rateLimitHeaders,
  ref,
  retryAfterHeader,
} from './http-contracts.js';
import type { JsonSchema } from './json-schemas.js';
import { bodilessAnswer, jsonContent, plainAnswer, type RouteContract } from './route-contract.js';

/**
 * What the two GraphQL doors take and answer: Yoga on /graphql and graphql-sse on
 * /graphql/stream. Their handlers serve several methods from one Fastify route and hand the
 * request to the GraphQL servers, which decide the answers; test/docs drives every one of
 * these answers and checks it against the published contract.
 */

const graphqlAnswer = (description: string): JsonSchema => ({
  description,
  // x-credits-charged on single results (not on streams or multipart answers, whose parts carry billing).
  headers: {
    ...alwaysHeaders(),
    ...rateLimitHeaders(),
    'x-credits-charged': (creditHeaders(false) as Record<string, JsonSchema>)['x-credits-charged'],
  },
  content: graphqlContent(),
});

/**
 * GraphQL answers failures as GraphQL responses, never the REST envelope; when a request fails
 * as a whole, or every error shares one code, the HTTP status is that code's (as in REST).
 */
const GRAPHQL_FAILURES: Record<string, JsonSchema> = Object.fromEntries(
  errorStatuses().map((status) => {
    const retry = status === 429 || status === 503 ? retryAfterHeader() : {};
    const answer = graphqlAnswer(
      `errors[].extensions.code is ${codesWithStatus(status).join(', ')} (extensions.http.status ${status}); a syntax or validation error, or a query over the cost or depth limits, is invalid_request. Never charged.`,
    );
    return [String(status), { ...answer, headers: { ...(answer.headers as JsonSchema), ...retry } }];
  }),
);

const streamFailure = (description: string): JsonSchema => ({
  description,
  headers: alwaysHeaders(),
  content: jsonContent(ref('GraphQLResponse')),
});

const UNAUTHENTICATED = streamFailure('No, unknown or revoked key.');

export const graphqlRoutes: readonly RouteContract[] = [
  {
    method: 'get',
    path: '/graphql',
    summary: 'GraphQL over HTTP (query in the URL); GraphiQL for browsers.',
    authenticated: true,
    parameters: [
      {
        in: 'query',
        name: 'query',
        required: false,
        description: 'the GraphQL document (queries only over GET); without it a browser gets GraphiQL',
        schema: { type: 'string' },
      },
      { in: 'query', name: 'variables', required: false, description: 'JSON object', schema: { type: 'string' } },
      { in: 'query', name: 'operationName', required: false, schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        ...graphqlAnswer('The result (extensions.billing: credits charged), or GraphiQL for Accept: text/html.'),
        content: { ...graphqlContent(), 'text/html': { schema: { type: 'string' } } },
      },
      ...GRAPHQL_FAILURES,
    },
  },
  {
    method: 'post',
    path: '/graphql',
    summary: 'GraphQL over HTTP.',
    authenticated: true,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref('GraphQLRequest') }, 'application/graphql+json': { schema: ref('GraphQLRequest') } },
    },
    responses: {
      '200': graphqlAnswer('The result; field errors are in errors[] with extensions.code. extensions.billing states the credits charged.'),
      ...GRAPHQL_FAILURES,
    },
  },
  {
    method: 'put',
    path: '/graphql/stream',
    summary: 'graphql-sse single-connection mode: reserve a stream; the body is its token (send it back as x-graphql-event-stream-token).',
    authenticated: true,
    responses: {
      '201': plainAnswer('The reserved stream token (text).', 'text/plain'),
      '400': streamFailure('Too many reserved streams for this key.'),
      '401': UNAUTHENTICATED,
      '406': bodilessAnswer('Accept must be text/plain or */*.'),
    },
  },
  {
    method: 'get',
    path: '/graphql/stream',
    summary:
      'graphql-sse: with Accept: text/event-stream, the reserved stream (single-connection mode) or one operation (distinct-connections mode); a ping comment every 12 s.',
    authenticated: true,
    responses: {
      '200': plainAnswer('Server-sent events (next, complete); a ping comment every 12 s.', 'text/event-stream'),
      '401': UNAUTHENTICATED,
      '404': streamFailure('No such reserved stream (or, without a token, no Accept: text/event-stream).'),
      '409': streamFailure('The reserved stream is already open.'),
    },
  },
  {
    method: 'post',
    path: '/graphql/stream',
    summary: 'graphql-sse: start an operation on a reserved stream (202), or stream one operation with Accept: text/event-stream.',
    authenticated: true,
    requestBody: { required: true, content: jsonContent(ref('GraphQLRequest')) },
    responses: {
      '200': plainAnswer('One operation streamed (distinct-connections mode, Accept: text/event-stream).', 'text/event-stream'),
      '202': bodilessAnswer('Started on the reserved stream; results arrive on its GET.'),
      '204': bodilessAnswer('The operation was stopped before it started.'),
      '400': streamFailure('Invalid operation, or a missing operationId.'),
      '401': UNAUTHENTICATED,
      '404': streamFailure('No such reserved stream.'),
      '409': streamFailure('An operation with this operationId is already running on the stream.'),
      '415': bodilessAnswer('The body must be application/json.'),
    },
  },
  {
    method: 'delete',
    path: '/graphql/stream',
    summary: 'graphql-sse single-connection mode: stop one operation (?operationId=) of a reserved stream.',
    authenticated: true,
    parameters: [{ in: 'query', name: 'operationId', required: true, schema: { type: 'string' } }],
    responses: {
      '200': bodilessAnswer('Stopped.'),
      '400': streamFailure('operationId is missing.'),
      '401': UNAUTHENTICATED,
      '404': streamFailure('No such reserved stream.'),
    },
  },
];
