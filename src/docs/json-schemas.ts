import { z } from 'zod';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import '../model/index.js';
import { requestSchema } from '../pipeline/params.js';

export type JsonSchema = Record<string, unknown>;

const ref = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` });

/** Every resource schema of src/model, as OpenAPI components, from zod itself. */
export function resourceComponentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

export interface QueryParameterDoc {
  name: string;
  required: boolean;
  description: string | undefined;
  schema: JsonSchema;
}

/** The query parameters of an endpoint (its own and the common options), from its zod schema. */
export function queryParameters(endpoint: EndpointDefinition): QueryParameterDoc[] {
  const schema = z.toJSONSchema(requestSchema(endpoint), { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, required: required.has(name), description: description as string | undefined, schema: rest };
  });
}

/** The 200 envelope of one endpoint. */
export function successEnvelopeSchema(endpoint: EndpointDefinition): JsonSchema {
  const resource = ref(endpoint.returns.type);
  const list = endpoint.returns.kind === 'list';
  return {
    type: 'object',
    required: ['success', 'data', 'meta', ...(list ? ['pagination'] : [])],
    properties: {
      success: { const: true },
      data: list
        ? { type: 'object', required: ['items'], properties: { items: { type: 'array', items: resource } } }
        : { description: 'null for an empty result (meta.empty: true, not charged)', anyOf: [resource, { type: 'null' }] },
      meta: ref('Meta'),
      ...(list ? { pagination: ref('Pagination') } : {}),
      raw: { description: 'the untouched upstream payload; only with include_raw=true' },
    },
  };
}

/** Envelope parts shared by every operation. */
export const envelopeComponentSchemas: Record<string, JsonSchema> = {
  Meta: {
    type: 'object',
    required: ['creditsCharged'],
    properties: {
      creditsCharged: {
        type: 'integer',
        minimum: 0,
        description: 'credits charged for this call; 0 on a cache hit, an empty result or an error',
      },
      cached: { type: 'boolean' },
      fetchedAt: { type: 'string', format: 'date-time', description: 'time of the upstream fetch; a cache hit keeps the original' },
      ageSeconds: { type: 'integer', minimum: 0, description: 'age of a cached result' },
      empty: { type: 'boolean', description: 'true for an empty result (never charged)' },
      reason: { type: 'string', description: 'why the result is empty, e.g. not_found, private, quarantined, no_captions' },
    },
  },
  Pagination: {
    type: 'object',
    required: ['cursor', 'hasMore'],
    properties: {
      cursor: { type: ['string', 'null'], description: 'opaque; send it back as `cursor`' },
      hasMore: { type: 'boolean' },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    required: ['success', 'error', 'meta'],
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'retryable'],
        properties: {
          code: {
            type: 'string',
            description:
              'one of the error codes: invalid_request, missing_api_key, invalid_api_key, revoked_api_key, insufficient_credits, not_found, idempotency_conflict, daily_cap_exceeded, rate_limited, upstream_rate_limited, internal_error, not_configured, upstream_blocked, upstream_schema_drift, service_unavailable, upstream_timeout',
          },
          message: { type: 'string', description: 'a human sentence' },
          retryable: { type: 'boolean' },
          details: { type: 'object', description: 'e.g. `param` naming the bad parameter' },
        },
      },
      meta: ref('Meta'),
    },
  },
};
