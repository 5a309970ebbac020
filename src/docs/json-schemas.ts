import { z } from 'zod';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import '../model/index.js';
import { ERROR_STATUS } from '../errors.js';
import { requestSchema } from '../pipeline/params.js';
import { promisedRawFields } from './raw-fields.js';

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

/** What cache_max_age means on an endpoint whose results are never cached (the validation step refuses it). */
const NOT_CACHEABLE = 'refused (400 invalid_request naming cache_max_age): this endpoint is never cached, every call fetches live';

/** The query parameters of an endpoint (its own and the common options), from its zod schema. */
export function queryParameters(endpoint: EndpointDefinition): QueryParameterDoc[] {
  const schema = toJsonSchema(requestSchema(endpoint)) as { properties: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const said = name === 'cache_max_age' && !endpoint.flags.cacheable ? NOT_CACHEABLE : (description as string | undefined);
    return { name, required: required.has(name), description: said, schema: rest };
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
      raw: rawSchema(endpoint),
    },
  };
}

/** A zod schema as JSON Schema 2020-12, as a caller writes the value (`io: 'input'`). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/**
 * `raw`: the upstream payload as read. Where the endpoint declares the fields its documentation
 * names, an object with those properties (all optional, others allowed); else any value.
 */
function rawSchema(endpoint: EndpointDefinition): JsonSchema {
  const description = 'the upstream payload as read (only with include_raw=true); its shape follows the platform and may change';
  const named = promisedRawFields(endpoint);
  if (!endpoint.raw) return { description };
  // zod's copies of the resource types it refers to are dropped: the document publishes them all.
  const { $defs: _copies, required: _required, ...declared } = toJsonSchema(endpoint.raw);
  return {
    ...componentRefs(declared),
    description:
      named.length > 0
        ? `${description}; the endpoint's description explains ${named.map((name) => `raw.${name}`).join(', ')}`
        : description,
    additionalProperties: true,
  };
}

/** Points references to resource types (Comment, Post, ...) at the document's components. */
function componentRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
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
      warnings: {
        type: 'array',
        items: { type: 'string' },
        description: 'parts of the result that could not be read (their fields are null)',
      },
      resolved: {
        type: 'object',
        required: ['endpoint', 'params'],
        properties: { endpoint: { type: 'string' }, params: { type: 'object', additionalProperties: true } },
        description: 'GET /v1/resolve and jobs on it: the endpoint the URL was read into and its canonical parameters',
      },
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
          code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'what went wrong; the HTTP status follows from it' },
          message: { type: 'string', description: 'a human sentence' },
          retryable: { type: 'boolean' },
          details: {
            type: 'object',
            additionalProperties: true,
            properties: { param: { type: ['string', 'null'], description: 'the parameter, field or header at fault' } },
            description: 'e.g. `param` naming the bad parameter',
          },
        },
      },
      meta: ref('Meta'),
    },
  },
};
