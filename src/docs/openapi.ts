import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import {
  envelopeComponentSchemas,
  queryParameters,
  resourceComponentSchemas,
  successEnvelopeSchema,
  type JsonSchema,
} from './json-schemas.js';
import { alwaysHeaders, creditHeaders, errorResponseComponents, errorResponseRef, rateLimitHeaders } from './http-contracts.js';
import { resolveOperation } from './resolve-doc.js';
import { RESOLVE_PATH } from '../pipeline/resolve-url.js';
import type { RouteContract } from './route-contract.js';
import { serviceComponentSchemas } from './service-schemas.js';

export const API_VERSION = '0.1.0';

/** The x- flags, as published on every data operation. */
export function endpointExtensions(endpoint: EndpointDefinition): Record<string, unknown> {
  const { flags } = endpoint;
  return {
    'x-credit-cost': flags.creditCost,
    'x-render-credit-multiplier': 3,
    'x-cacheable': flags.cacheable,
    'x-batchable': flags.batchable,
    'x-requires-residential-proxy': flags.requiresResidentialProxy,
    'x-subscribable': flags.subscribable,
    'x-experimental': flags.experimental,
    'x-parameter-constraints': flags.parameterConstraints ?? '',
  };
}

/** Every status a data endpoint can answer besides 200 (402 only where a call costs credits). */
function dataErrorStatuses(endpoint: EndpointDefinition): number[] {
  return [400, 401, 403, ...(endpoint.flags.creditCost > 0 ? [402] : []), 429, 500, 501, 502, 503, 504];
}

function dataOperation(endpoint: EndpointDefinition): JsonSchema {
  return {
    operationId: endpoint.graphqlField,
    tags: [endpoint.family],
    summary: endpoint.summary,
    description: endpoint.description,
    parameters: queryParameters(endpoint).map((parameter) => ({ in: 'query', ...parameter })),
    responses: {
      '200': {
        description: 'Success, or an empty result (data null or items [], meta.empty true, not charged).',
        headers: { ...alwaysHeaders(), ...creditHeaders(true), ...rateLimitHeaders() },
        content: { 'application/json': { schema: successEnvelopeSchema(endpoint) } },
      },
      ...Object.fromEntries(dataErrorStatuses(endpoint).map((status) => [String(status), errorResponseRef(status)])),
    },
    ...endpointExtensions(endpoint),
  };
}

/** A route besides the data endpoints, as its contract declares it. */
function serviceOperation(route: RouteContract): JsonSchema {
  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ? next.toUpperCase() : ''))}`,
    tags: ['service'],
    summary: route.summary,
    ...(route.authenticated ? {} : { security: [] }),
    ...(route.parameters && route.parameters.length > 0 ? { parameters: route.parameters } : {}),
    ...(route.requestBody ? { requestBody: route.requestBody } : {}),
    responses: route.responses,
  };
}

/**
 * The OpenAPI 3.1 document: one operation per catalogue endpoint and one per service route,
 * each derived from the declaration the server registers the route from.
 */
export function buildOpenApi(catalogue: Catalogue, serviceRoutes: readonly RouteContract[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of catalogue.endpoints) paths[endpoint.path] = { get: dataOperation(endpoint) };
  paths[RESOLVE_PATH] = { get: resolveOperation(catalogue) };
  for (const route of serviceRoutes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = serviceOperation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Unified Public-Data API',
      version: API_VERSION,
      description:
        'Public, logged-out data from many platforms through one normalised schema. Failed requests, empty results and cache hits cost 0 credits. Add cache_max_age (e.g. 7d) to accept a cached result on a cacheable endpoint; it keeps the original fetchedAt. A request header Cache-Control: max-age=N (seconds) is the default cache_max_age of every call that gives none (no-cache or max-age=0: live); a malformed one is 400 invalid_request naming cache-control.',
    },
    // No jsonSchemaDialect: 3.1's default is already JSON Schema 2020-12, and Swagger UI warns on any explicit value.
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    tags: [...new Set(catalogue.endpoints.map((endpoint) => endpoint.family)), 'resolve', 'service'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { ...resourceComponentSchemas(), ...envelopeComponentSchemas, ...serviceComponentSchemas(catalogue) },
      responses: errorResponseComponents(),
    },
  };
}
