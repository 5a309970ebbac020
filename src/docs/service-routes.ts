/**
 * Routes that are not data endpoints, as published in openapi.json. The server registers
 * each one; test/docs checks that the two lists agree.
 */
export interface ServiceRoute {
  method: 'get' | 'post';
  path: string;
  summary: string;
  authenticated: boolean;
  contentType: string;
}

export const serviceRoutes: readonly ServiceRoute[] = [
  { method: 'get', path: '/v1/account', summary: "The caller's balance, today's use (UTC day), daily cap and recent charges.", authenticated: true, contentType: 'application/json' },
  { method: 'get', path: '/graphql', summary: 'GraphQL over HTTP (query in the URL); GraphiQL for browsers.', authenticated: true, contentType: 'application/graphql-response+json' },
  { method: 'post', path: '/graphql', summary: 'GraphQL over HTTP.', authenticated: true, contentType: 'application/graphql-response+json' },
  { method: 'get', path: '/openapi.json', summary: 'This document.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/llms.txt', summary: 'Plain-text catalogue of the endpoints.', authenticated: false, contentType: 'text/plain' },
  { method: 'get', path: '/healthz', summary: 'Liveness.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/readyz', summary: 'Readiness: state store reachable.', authenticated: false, contentType: 'application/json' },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics.', authenticated: false, contentType: 'text/plain' },
];
