import type { HTTPMethods } from 'fastify';
import { alwaysHeaders, creditHeaders, errorResponseRef, rateLimitHeaders } from './http-contracts.js';
import type { JsonSchema } from './json-schemas.js';
import { serviceEnvelope } from './service-schemas.js';

/**
 * What a route besides the data endpoints takes and answers, declared once beside its handler:
 * the route is registered from it (method and path) and /openapi.json publishes it as one
 * operation (src/docs/openapi.ts).
 */
export interface RouteContract {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As OpenAPI writes it: `{id}` for a path parameter. */
  path: string;
  summary: string;
  /** False for the public pages, which ask for no key. */
  authenticated: boolean;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** Fastify's route options for contracts that share one path: its URL (`:id` for `{id}`) and their methods. */
export function routeOf(...contracts: readonly RouteContract[]): { url: string; method: HTTPMethods[] } {
  const paths = new Set(contracts.map((contract) => contract.path));
  if (paths.size !== 1) throw new Error(`One route, one path: ${[...paths].join(', ')}`);
  return {
    url: contracts[0]!.path.replace(/\{(\w+)\}/g, ':$1'),
    method: contracts.map((contract) => contract.method.toUpperCase() as HTTPMethods),
  };
}

export const jsonContent = (schema: JsonSchema): JsonSchema => ({ 'application/json': { schema } });

/** A /v1 success answer: the envelope around `data`, the request id, the balance headers and the rate-limit fields. */
export const restSuccess = (description: string, data: JsonSchema, extraHeaders: JsonSchema = {}): JsonSchema => ({
  description,
  headers: { ...alwaysHeaders(), ...creditHeaders(false), ...rateLimitHeaders(), ...extraHeaders },
  content: jsonContent(serviceEnvelope(data)),
});

/** The error responses of `statuses` (the shared components). */
export const errorResponses = (...statuses: number[]): Record<string, JsonSchema> =>
  Object.fromEntries(statuses.map((status) => [String(status), errorResponseRef(status)]));

/** Failures any authenticated /v1 route can answer besides its own. */
export const REST_FAILURES: readonly number[] = [401, 403, 429, 500, 503];

/** The `{id}` path parameter of a route about one `what`. */
export const idParameter = (what: string): JsonSchema => ({
  in: 'path',
  name: 'id',
  required: true,
  description: `the ${what}'s id`,
  schema: { type: 'string' },
});

/** An answer with the request id and a body of `contentType` (text unless said otherwise). */
export const plainAnswer = (description: string, contentType: string, schema: JsonSchema = { type: 'string' }): JsonSchema => ({
  description,
  headers: alwaysHeaders(),
  content: { [contentType]: { schema } },
});

/** An answer without a body. */
export const bodilessAnswer = (description: string): JsonSchema => ({ description, headers: alwaysHeaders() });
