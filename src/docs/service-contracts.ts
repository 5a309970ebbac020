import { DEFAULT_PAGE, MAX_PAGE } from '../jobs/service.js';
import {
  alwaysHeaders,
  codesWithStatus,
  errorStatuses,
  retryAfterHeader,
  creditHeaders,
  errorResponseRef,
  graphqlContent,
  idempotencyReplayHeader,
  rateLimitHeaders,
  ref,
} from './http-contracts.js';
import type { JsonSchema } from './json-schemas.js';
import { serviceEnvelope } from './service-schemas.js';

/**
 * What each service route takes and answers, keyed `METHOD path` as in service-routes.ts. A
 * route listed there without an entry here is published with its summary and content type only.
 */
export interface ServiceContract {
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

const json = (schema: JsonSchema): JsonSchema => ({ 'application/json': { schema } });

/** A /v1 success answer: the envelope, the request id, the balance headers and the rate-limit fields. */
const restSuccess = (description: string, data: JsonSchema, extraHeaders: JsonSchema = {}): JsonSchema => ({
  description,
  headers: { ...alwaysHeaders(), ...creditHeaders(false), ...rateLimitHeaders(), ...extraHeaders },
  content: json(serviceEnvelope(data)),
});

const errors = (...statuses: number[]): Record<string, JsonSchema> =>
  Object.fromEntries(statuses.map((status) => [String(status), errorResponseRef(status)]));

/** Failures any authenticated /v1 route can answer besides its own. */
const REST_FAILURES = [401, 429, 500, 503];

const idParameter = (what: string): JsonSchema => ({
  in: 'path',
  name: 'id',
  required: true,
  description: `the ${what}'s id`,
  schema: { type: 'string' },
});

const idempotencyKey: JsonSchema = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Any unique string (1 to 255 characters). The same key with the same body returns the first job (idempotent-replayed: true) instead of queuing another; with a different body it is 409 idempotency_conflict.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const simple = (description: string, contentType: string, schema: JsonSchema = { type: 'string' }): JsonSchema => ({
  description,
  headers: alwaysHeaders(),
  content: { [contentType]: { schema } },
});

const graphqlAnswer = (description: string): JsonSchema => ({
  description,
  headers: { ...alwaysHeaders(), ...rateLimitHeaders() },
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

const bodiless = (description: string): JsonSchema => ({ description, headers: alwaysHeaders() });

const streamFailure = (description: string): JsonSchema => ({
  description,
  headers: alwaysHeaders(),
  content: json(ref('GraphQLResponse')),
});

/** A JSON-RPC 2.0 message (the MCP door's request and answer bodies; their content is MCP's own schema). */
const JSON_RPC: JsonSchema = {
  type: 'object',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'number', 'null'] } },
  additionalProperties: true,
};

const jsonRpcAnswer = (description: string): JsonSchema => ({ description, headers: alwaysHeaders(), content: json(JSON_RPC) });

/** The MCP door refuses a key like REST (the error envelope) and anything else as a JSON-RPC error. */
const MCP_FAILURES: Record<string, JsonSchema> = {
  '401': errorResponseRef(401),
  '429': errorResponseRef(429),
  '503': errorResponseRef(503),
};

export const serviceContracts: Readonly<Record<string, ServiceContract>> = {
  'post /mcp': {
    requestBody: { required: true, content: json(JSON_RPC) },
    responses: {
      '200': jsonRpcAnswer('The JSON-RPC answer (tools/list, tools/call results: a caller mistake is a tool result with isError: true).'),
      '202': bodiless('A notification was accepted.'),
      '400': jsonRpcAnswer('More than one JSON-RPC message in one request, or not a JSON-RPC message.'),
      ...MCP_FAILURES,
    },
  },
  'get /mcp': { responses: { '405': jsonRpcAnswer('The server is stateless: no server-to-client stream.'), ...MCP_FAILURES } },
  'delete /mcp': { responses: { '405': jsonRpcAnswer('The server is stateless: no session to end.'), ...MCP_FAILURES } },
  'get /v1/account': {
    responses: {
      '200': restSuccess("The caller's balance, today's use, daily cap and newest 20 usage entries.", ref('Account')),
      ...errors(...REST_FAILURES),
    },
  },
  'post /v1/jobs': {
    parameters: [idempotencyKey],
    requestBody: { required: true, content: json(ref('JobRequest')) },
    responses: {
      '202': restSuccess(
        'Queued (or replayed under the same Idempotency-Key). Poll pollUrl.',
        ref('JobCreated'),
        idempotencyReplayHeader(),
      ),
      ...errors(400, 409, ...REST_FAILURES),
    },
  },
  'post /v1/jobs/batch': {
    parameters: [idempotencyKey],
    requestBody: { required: true, content: json(ref('BatchRequest')) },
    responses: {
      '202': restSuccess(
        'Queued (or replayed under the same Idempotency-Key). Poll pollUrl; results are paged.',
        ref('JobCreated'),
        idempotencyReplayHeader(),
      ),
      ...errors(400, 409, ...REST_FAILURES),
    },
  },
  'get /v1/jobs/{id}': {
    parameters: [
      idParameter('job'),
      {
        in: 'query',
        name: 'cursor',
        required: false,
        description: "a batch: the previous page's pagination.cursor",
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
      {
        in: 'query',
        name: 'limit',
        required: false,
        description: `a batch: targets per page (1-${MAX_PAGE}, default ${DEFAULT_PAGE})`,
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE },
      },
    ],
    responses: {
      '200': restSuccess('The job with its result, or the batch with one page of results.', ref('Job')),
      ...errors(400, 404, ...REST_FAILURES),
    },
  },
  'delete /v1/jobs/{id}': {
    parameters: [idParameter('job')],
    responses: { '200': restSuccess('The job after cancelling (a finished job unchanged).', ref('Job')), ...errors(404, ...REST_FAILURES) },
  },
  'post /v1/subscriptions': {
    requestBody: { required: true, content: json(ref('SubscriptionRequest')) },
    responses: {
      '201': restSuccess('Created; the signing secret is shown this once.', ref('SubscriptionCreated')),
      ...errors(400, 501, ...REST_FAILURES),
    },
  },
  'get /v1/subscriptions': {
    responses: { '200': restSuccess("The caller's subscriptions.", ref('SubscriptionList')), ...errors(...REST_FAILURES) },
  },
  'get /v1/subscriptions/{id}': {
    parameters: [idParameter('subscription')],
    responses: { '200': restSuccess('The subscription (never its secret).', ref('Subscription')), ...errors(404, ...REST_FAILURES) },
  },
  'delete /v1/subscriptions/{id}': {
    parameters: [idParameter('subscription')],
    responses: { '200': restSuccess('Deleted.', ref('SubscriptionDeleted')), ...errors(404, ...REST_FAILURES) },
  },
  'get /graphql': {
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
  'post /graphql': {
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref('GraphQLRequest') }, 'application/graphql+json': { schema: ref('GraphQLRequest') } },
    },
    responses: {
      '200': graphqlAnswer('The result; field errors are in errors[] with extensions.code. extensions.billing states the credits charged.'),
      ...GRAPHQL_FAILURES,
    },
  },
  'put /graphql/stream': {
    responses: {
      '201': simple('The reserved stream token (text).', 'text/plain'),
      '400': streamFailure('Too many reserved streams for this key.'),
      '401': streamFailure('No, unknown or revoked key.'),
      '406': bodiless('Accept must be text/plain or */*.'),
    },
  },
  'get /graphql/stream': {
    responses: {
      '200': simple('Server-sent events (next, complete); a ping comment every 12 s.', 'text/event-stream'),
      '401': streamFailure('No, unknown or revoked key.'),
      '404': streamFailure('No such reserved stream (or, without a token, no Accept: text/event-stream).'),
      '409': streamFailure('The reserved stream is already open.'),
    },
  },
  'post /graphql/stream': {
    requestBody: { required: true, content: json(ref('GraphQLRequest')) },
    responses: {
      '200': simple('One operation streamed (distinct-connections mode, Accept: text/event-stream).', 'text/event-stream'),
      '202': bodiless('Started on the reserved stream; results arrive on its GET.'),
      '204': bodiless('The operation was stopped before it started.'),
      '400': streamFailure('Invalid operation, or a missing operationId.'),
      '401': streamFailure('No, unknown or revoked key.'),
      '404': streamFailure('No such reserved stream.'),
      '409': streamFailure('An operation with this operationId is already running on the stream.'),
      '415': bodiless('The body must be application/json.'),
    },
  },
  'delete /graphql/stream': {
    parameters: [{ in: 'query', name: 'operationId', required: true, schema: { type: 'string' } }],
    responses: {
      '200': bodiless('Stopped.'),
      '400': streamFailure('operationId is missing.'),
      '401': streamFailure('No, unknown or revoked key.'),
      '404': streamFailure('No such reserved stream.'),
    },
  },
  'get /openapi.json': { responses: { '200': simple('This document.', 'application/json', { type: 'object' }) } },
  'get /docs': { responses: { '200': simple('The API reference page.', 'text/html') } },
  'get /docs/assets/{file}': {
    parameters: [{ in: 'path', name: 'file', required: true, schema: { type: 'string' } }],
    responses: { '200': simple('The file.', '*/*'), '404': { ...errorResponseRef(404) } },
  },
  'get /llms.txt': { responses: { '200': simple('The plain-text catalogue.', 'text/plain') } },
  'get /healthz': { responses: { '200': simple('The process is up.', 'application/json', ref('Health')) } },
  'get /readyz': {
    responses: {
      '200': simple('Ready.', 'application/json', ref('Readiness')),
      '503': simple('The state store is unreachable.', 'application/json', ref('Readiness')),
    },
  },
  'get /metrics': { responses: { '200': simple('Prometheus text format.', 'text/plain') } },
};
