/**
 * Routes that are not data endpoints, as published in openapi.json. The server registers
 * each one; test/docs checks that the two lists agree.
 */
export interface ServiceRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  authenticated: boolean;
  contentType: string;
}

export const serviceRoutes: readonly ServiceRoute[] = [
  { method: 'get', path: '/v1/account', summary: "The caller's balance, today's use (UTC day), daily cap and recent charges.", authenticated: true, contentType: 'application/json' },
  { method: 'post', path: '/v1/jobs', summary: 'Queue an asynchronous job: {endpoint, params}; 202 with its id and pollUrl. Honours Idempotency-Key.', authenticated: true, contentType: 'application/json' },
  { method: 'post', path: '/v1/jobs/batch', summary: 'Queue a batch of 1 to 500 targets of one x-batchable endpoint: {endpoint, targets}. Honours Idempotency-Key.', authenticated: true, contentType: 'application/json' },
  { method: 'get', path: '/v1/jobs/{id}', summary: "A job's status, progress, creditsCharged and result (a batch: results paged by cursor and limit).", authenticated: true, contentType: 'application/json' },
  { method: 'delete', path: '/v1/jobs/{id}', summary: 'Cancel a queued or running job; targets already finished keep their results and charges.', authenticated: true, contentType: 'application/json' },
  { method: 'get', path: '/graphql', summary: 'GraphQL over HTTP (query in the URL); GraphiQL for browsers.', authenticated: true, contentType: 'application/graphql-response+json' },
  { method: 'post', path: '/graphql', summary: 'GraphQL over HTTP.', authenticated: true, contentType: 'application/graphql-response+json' },
  { method: 'get', path: '/openapi.json', summary: 'This document.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/llms.txt', summary: 'Plain-text catalogue of the endpoints.', authenticated: false, contentType: 'text/plain' },
  { method: 'get', path: '/healthz', summary: 'Liveness.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/readyz', summary: 'Readiness: state store reachable.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics.', authenticated: false, contentType: 'text/plain' },
];
