/**
 * Routes that are not data endpoints, as published in openapi.json. The server registers
 * each one; test/docs checks that the two lists agree.
 */
export interface ServiceRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  authenticated: boolean;
  contentType: string;
  /** The success status when it is not 200. */
  successStatus?: '201' | '202';
}

export const serviceRoutes: readonly ServiceRoute[] = [
  {
    method: 'get',
    path: '/v1/account',
    summary: "The caller's balance, today's use (UTC day), daily cap and recent charges.",
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'post',
    path: '/v1/jobs',
    summary: 'Queue an asynchronous job: {endpoint, params}; 202 with its id and pollUrl. Honours Idempotency-Key.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'post',
    path: '/v1/jobs/batch',
    summary: 'Queue a batch of 1 to 500 targets of one x-batchable endpoint: {endpoint, targets}. Honours Idempotency-Key.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'get',
    path: '/v1/jobs/{id}',
    summary: "A job's status, progress, creditsCharged and result (a batch: results paged by cursor and limit).",
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'delete',
    path: '/v1/jobs/{id}',
    summary: 'Cancel a queued or running job; targets already finished keep their results and charges.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'post',
    path: '/v1/subscriptions',
    summary:
      'Watch an x-subscribable endpoint: {endpoint, params, webhookUrl, intervalSeconds}; 201 with its id and signing secret (shown once). Checks are free; each delivered change costs 1 credit.',
    authenticated: true,
    contentType: 'application/json',
    successStatus: '201',
  },
  {
    method: 'get',
    path: '/v1/subscriptions',
    summary: "The caller's change subscriptions.",
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'get',
    path: '/v1/subscriptions/{id}',
    summary: 'A subscription: status, lastCheckedAt, lastChangedAt, hash and recent webhook delivery attempts.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'delete',
    path: '/v1/subscriptions/{id}',
    summary: 'Stop a subscription: no more checks, charges or deliveries.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'get',
    path: '/graphql',
    summary: 'GraphQL over HTTP (query in the URL); GraphiQL for browsers.',
    authenticated: true,
    contentType: 'application/graphql-response+json',
  },
  {
    method: 'post',
    path: '/graphql',
    summary: 'GraphQL over HTTP.',
    authenticated: true,
    contentType: 'application/graphql-response+json',
  },
  {
    method: 'put',
    path: '/graphql/stream',
    summary: 'graphql-sse single-connection mode: reserve a stream; the body is its token (send it back as x-graphql-event-stream-token).',
    authenticated: true,
    contentType: 'text/plain',
  },
  {
    method: 'get',
    path: '/graphql/stream',
    summary:
      'graphql-sse: with Accept: text/event-stream, the reserved stream (single-connection mode) or one operation (distinct-connections mode); a ping comment every 12 s.',
    authenticated: true,
    contentType: 'text/event-stream',
  },
  {
    method: 'post',
    path: '/graphql/stream',
    summary: 'graphql-sse: start an operation on a reserved stream (202), or stream one operation with Accept: text/event-stream.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'delete',
    path: '/graphql/stream',
    summary: 'graphql-sse single-connection mode: stop one operation (?operationId=) of a reserved stream.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'post',
    path: '/mcp',
    summary:
      'Model Context Protocol (Streamable HTTP, stateless, JSON answers): one tool per data endpoint plus account, create_job, create_batch and get_job. Key in x-api-key or Authorization: Bearer.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'get',
    path: '/mcp',
    summary: 'MCP: 405, the server is stateless and opens no server-to-client stream.',
    authenticated: true,
    contentType: 'application/json',
  },
  {
    method: 'delete',
    path: '/mcp',
    summary: 'MCP: 405, the server is stateless and has no session to end.',
    authenticated: true,
    contentType: 'application/json',
  },
  { method: 'get', path: '/openapi.json', summary: 'This document.', authenticated: false, contentType: 'application/json' },
  {
    method: 'get',
    path: '/docs',
    summary: 'API reference: this document rendered by Swagger UI (served from the package, works offline).',
    authenticated: false,
    contentType: 'text/html',
  },
  {
    method: 'get',
    path: '/docs/assets/{file}',
    summary:
      'The Swagger UI files the /docs page loads (swagger-ui.css, swagger-ui-bundle.js, swagger-ui-standalone-preset.js, favicon-32x32.png).',
    authenticated: false,
    contentType: '*/*',
  },
  { method: 'get', path: '/llms.txt', summary: 'Plain-text catalogue of the endpoints.', authenticated: false, contentType: 'text/plain' },
  { method: 'get', path: '/healthz', summary: 'Liveness.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/readyz', summary: 'Readiness: state store reachable.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics.', authenticated: false, contentType: 'text/plain' },
];
