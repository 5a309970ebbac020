import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import {
  envelopeComponentSchemas,
  queryParameters,
  resourceComponentSchemas,
  successEnvelopeSchema,
  type JsonSchema,
} from './json-schemas.js';
import { serviceRoutes } from './service-routes.js';

export const API_VERSION = '0.1.0';

/** Spec section 7 statuses an operation can answer with, besides 200. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'invalid_request: bad, missing or unknown parameter (details.param names it)',
  '401': 'missing_api_key, invalid_api_key or revoked_api_key',
  '402': 'insufficient_credits: the key is valid, the balance is not',
  '429':
    'daily_cap_exceeded, rate_limited (more than RATE_LIMIT_PER_MINUTE requests per key per minute) or upstream_rate_limited (Retry-After)',
  '501': 'not_configured: the deployment lacks a proxy or credentials this endpoint needs',
  '502': 'upstream_blocked or upstream_schema_drift',
  '503': 'service_unavailable: state store unreachable (Retry-After)',
  '504': 'upstream_timeout',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

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
        headers: {
          'x-credits-charged': { schema: { type: 'integer' } },
          'x-credits-remaining': { schema: { type: 'integer' } },
        },
        content: { 'application/json': { schema: successEnvelopeSchema(endpoint) } },
      },
      ...Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, description]) => [status, errorResponse(description)])),
    },
    ...endpointExtensions(endpoint),
  };
}

/** `{name}` segments of a service path as required path parameters. */
function pathParameters(path: string): JsonSchema {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return names.length === 0 ? {} : { parameters: names.map((name) => ({ in: 'path', name, required: true, schema: { type: 'string' } })) };
}

/** The OpenAPI 3.1 document, derived from the same catalogue as the routes. */
export function buildOpenApi(catalogue: Catalogue): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of catalogue.endpoints) paths[endpoint.path] = { get: dataOperation(endpoint) };
  for (const route of serviceRoutes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ? next.toUpperCase() : ''))}`,
      tags: ['service'],
      summary: route.summary,
      ...(route.authenticated ? {} : { security: [] }),
      ...pathParameters(route.path),
      ...(route.requestBody ? { requestBody: { required: true, content: { 'application/json': { schema: route.requestBody } } } } : {}),
      responses: {
        [route.successStatus ?? '200']: {
          description: route.successStatus === '201' ? 'Created' : 'OK',
          content: { [route.contentType]: { schema: {} } },
        },
        ...(route.authenticated ? { '401': errorResponse(ERROR_RESPONSES['401']!) } : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Unified Public-Data API',
      version: API_VERSION,
      description:
        'Public, logged-out data from many platforms through one normalised schema. Failed requests, empty results and cache hits cost 0 credits. Add cache_max_age (e.g. 7d) to accept a cached result; it keeps the original fetchedAt.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    tags: [...new Set(catalogue.endpoints.map((endpoint) => endpoint.family)), 'service'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { ...resourceComponentSchemas(), ...envelopeComponentSchemas },
    },
  };
}
