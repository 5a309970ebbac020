import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { requestSchema } from '../pipeline/params.js';
import { batchBodySchema, jobBodySchema, MAX_BATCH_TARGETS } from '../jobs/job-requests.js';
import { RESOLVE_PATH } from '../pipeline/resolve-url.js';
import { subscriptionBodySchema } from '../subscriptions/requests.js';
import { resolveRequestSchema } from './resolve-doc.js';
import { ref } from './http-contracts.js';
import { toJsonSchema, type JsonSchema } from './json-schemas.js';

/**
 * Schemas of the service routes' bodies. Request bodies come from the zod schemas the routes
 * validate with; the views mirror src/jobs/views.ts, src/subscriptions/views.ts and the account
 * route, and test/docs checks every answer the server gives against them.
 */

/** The interval floor the published document states (SUBSCRIPTION_MIN_INTERVAL_SECONDS' default). */
const PUBLISHED_MIN_INTERVAL_SECONDS = 60;

/** The parameters an endpoint accepts in a JSON body: the schema its query string is validated with. */
function paramsSchema(endpoint: EndpointDefinition, without: readonly string[]): JsonSchema {
  return schemaParams(requestSchema(endpoint), without);
}

function schemaParams(request: z.ZodObject, without: readonly string[]): JsonSchema {
  const schema = toJsonSchema(request);
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Record<string, JsonSchema>).filter(([name]) => !without.includes(name)),
  );
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !without.includes(name));
  return { ...schema, properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * A body that names an endpoint, as one alternative per endpoint the use accepts: `endpoint` is
 * that path and `params` (or each of `targets`) that endpoint's own parameters, which is how the
 * route validates them. Any other endpoint is a 400 naming `endpoint`.
 */
function perEndpoint(
  body: JsonSchema,
  endpoints: readonly EndpointDefinition[],
  field: 'params' | 'targets',
  use: string,
  without: readonly string[] = [],
): JsonSchema {
  const properties = body.properties as Record<string, JsonSchema>;
  const resolveParams = schemaParams(resolveRequestSchema, without);
  const byUrl = {
    ...body,
    title: RESOLVE_PATH,
    required: [...new Set([...((body.required as string[] | undefined) ?? []), field])],
    properties: {
      ...properties,
      endpoint: { ...properties.endpoint, const: RESOLVE_PATH },
      [field]: field === 'targets' ? { ...properties.targets, items: resolveParams } : resolveParams,
    },
  };
  return {
    description: `One of the data endpoints (${use}), with its own parameters; or ${RESOLVE_PATH} with a page URL, run by the endpoint that serves it.`,
    oneOf: [
      byUrl,
      ...endpoints.map((endpoint) => {
        const params = paramsSchema(endpoint, without);
        const needed = Array.isArray(params.required) && params.required.length > 0;
        const value = field === 'targets' ? { ...properties.targets, items: params } : { ...params, ...(needed ? {} : { default: {} }) };
        const required = [...new Set([...((body.required as string[] | undefined) ?? []), ...(needed ? [field] : [])])];
        return {
          ...body,
          title: endpoint.path,
          required,
          properties: { ...properties, endpoint: { ...properties.endpoint, const: endpoint.path }, [field]: value },
        };
      }),
    ],
  };
}

/** GraphQL over HTTP: what POST /graphql reads (the GraphQL server checks it the same way). */
export const graphqlRequestSchema = z.object({
  query: z.string().optional().describe('the GraphQL document; a secret key may send it, a publishable key sends documentId instead'),
  documentId: z
    .string()
    .optional()
    .describe('a trusted document registered for the account (`sha256:<hex>` or bare hex), instead of query'),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().nullable().optional(),
  extensions: z.record(z.string(), z.unknown()).nullable().optional(),
});

const isoTime = { type: 'string', format: 'date-time' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const jobStatus = { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'] };
const finishedJobStatus = { ...jobStatus, examples: ['succeeded'] };
const params = { type: 'object', additionalProperties: true, description: 'the parameters as sent' };

/** Component schemas of the service routes, derived where the catalogue decides the values. */
export function serviceComponentSchemas(catalogue: Catalogue): Record<string, JsonSchema> {
  const all = catalogue.endpoints;
  const batchable = all.filter((endpoint) => endpoint.flags.batchable);
  const subscribable = all.filter((endpoint) => endpoint.flags.subscribable);
  const envelopeOrError = {
    anyOf: [ref('DataEnvelope'), ref('ErrorEnvelope'), { type: 'null' }],
    description: "the target's REST answer (the data endpoint's envelope or its error envelope); null until it finishes",
  };
  return {
    JobRequest: perEndpoint(toJsonSchema(jobBodySchema), all, 'params', 'any; params are checked before anything is queued'),
    BatchRequest: perEndpoint(
      toJsonSchema(batchBodySchema),
      batchable,
      'targets',
      `x-batchable ones; 1 to ${MAX_BATCH_TARGETS} targets, every one checked before anything is queued`,
    ),
    SubscriptionRequest: perEndpoint(
      toJsonSchema(subscriptionBodySchema(PUBLISHED_MIN_INTERVAL_SECONDS)),
      subscribable,
      'params',
      'x-subscribable ones; a check always fetches live',
      ['cache_max_age', 'include_raw'],
    ),
    GraphQLRequest: toJsonSchema(graphqlRequestSchema),
    UrlForms: {
      type: 'object',
      required: ['hosts', 'forms'],
      properties: {
        hosts: { type: 'array', items: { type: 'string' }, description: 'every host some family reads pages of' },
        forms: {
          type: 'array',
          items: {
            type: 'object',
            required: ['family', 'names', 'hosts', 'example', 'endpoint'],
            properties: {
              family: { type: 'string' },
              names: { type: 'string', description: 'what a URL of this form names' },
              hosts: { type: 'array', items: { type: 'string' } },
              anyHost: {
                type: 'boolean',
                description: 'true for a form read on any host no other form names (hosts is then empty)',
              },
              example: { type: 'string' },
              endpoint: { type: 'string', description: 'the endpoint that serves it' },
            },
          },
        },
      },
    },
    DataEnvelope: {
      type: 'object',
      description: "A data endpoint's success envelope (see that endpoint's 200 for its typed data).",
      required: ['success', 'data', 'meta'],
      properties: { success: { const: true }, data: {}, meta: ref('Meta'), pagination: ref('Pagination'), raw: {} },
    },
    JobCreated: {
      type: 'object',
      required: ['id', 'kind', 'status', 'endpoint', 'createdAt', 'pollUrl'],
      properties: {
        id: { type: 'string', pattern: '^job_[0-9a-f]{32}$', examples: ['job_0123456789abcdef0123456789abcdef'] },
        kind: { type: 'string', enum: ['job', 'batch'] },
        status: jobStatus,
        endpoint: { type: 'string' },
        params: { anyOf: [params, { type: 'null' }], description: 'a job: its params' },
        total: { type: 'integer', minimum: 1, description: 'a batch: how many targets' },
        createdAt: isoTime,
        pollUrl: { type: 'string', description: 'GET it for status, progress and results' },
      },
    },
    Job: {
      type: 'object',
      required: ['id', 'kind', 'status', 'endpoint', 'progress', 'creditsCharged', 'createdAt', 'startedAt', 'finishedAt'],
      properties: {
        id: { type: 'string' },
        kind: { type: 'string', enum: ['job', 'batch'] },
        status: finishedJobStatus,
        endpoint: { type: 'string' },
        progress: {
          type: 'object',
          required: ['total', 'done', 'failed'],
          properties: {
            total: { type: 'integer', minimum: 1 },
            done: { type: 'integer', minimum: 0, examples: [1], description: 'targets finished, successfully or not' },
            failed: { type: 'integer', minimum: 0 },
          },
        },
        creditsCharged: { type: 'integer', minimum: 0 },
        createdAt: isoTime,
        startedAt: nullableTime,
        finishedAt: nullableTime,
        params: { anyOf: [params, { type: 'null' }], description: 'a job: its params' },
        result: { ...envelopeOrError, description: `a job: ${envelopeOrError.description}` },
        results: { type: 'array', items: ref('BatchTargetResult'), description: 'a batch: one page of targets, in order (see pagination)' },
        pagination: { ...ref('Pagination'), description: 'a batch: send pagination.cursor back as `cursor` for the next page' },
      },
    },
    BatchTargetResult: {
      type: 'object',
      required: ['index', 'params', 'status', 'creditsCharged', 'result'],
      properties: {
        index: { type: 'integer', minimum: 0 },
        params,
        status: { type: 'string', enum: ['queued', 'succeeded', 'failed'] },
        creditsCharged: { type: 'integer', minimum: 0 },
        result: envelopeOrError,
      },
    },
    Subscription: {
      type: 'object',
      required: [
        'id',
        'status',
        'statusReason',
        'endpoint',
        'params',
        'webhookUrl',
        'intervalSeconds',
        'createdAt',
        'lastCheckedAt',
        'lastChangedAt',
        'hash',
        'lastError',
        'recentDeliveries',
      ],
      properties: {
        id: { type: 'string' },
        status: { type: 'string', enum: ['active', 'paused', 'disabled'] },
        statusReason: {
          type: ['string', 'null'],
          enum: ['insufficient_credits', 'daily_cap_exceeded', 'webhook_gone', 'api_key_revoked', null],
        },
        endpoint: { type: 'string' },
        params: { type: 'object', additionalProperties: true, description: 'validated and canonical: what every check fetches' },
        webhookUrl: { type: 'string' },
        intervalSeconds: { type: 'integer' },
        createdAt: isoTime,
        lastCheckedAt: nullableTime,
        lastChangedAt: nullableTime,
        hash: { type: ['string', 'null'], description: 'content hash of the last delivered (or baseline) content' },
        lastError: {
          anyOf: [
            {
              type: 'object',
              required: ['code', 'message', 'at'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, at: isoTime },
            },
            { type: 'null' },
          ],
        },
        recentDeliveries: { type: 'array', items: ref('DeliveryAttempt') },
      },
    },
    SubscriptionCreated: {
      allOf: [
        ref('Subscription'),
        {
          type: 'object',
          required: ['secret'],
          properties: { secret: { type: 'string', description: 'webhook signing secret (whsec_…); shown only here' } },
        },
      ],
    },
    SubscriptionList: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: ref('Subscription') } } },
    SubscriptionDeleted: { type: 'object', required: ['id', 'deleted'], properties: { id: { type: 'string' }, deleted: { const: true } } },
    DeliveryAttempt: {
      type: 'object',
      required: ['webhookId', 'type', 'attempt', 'statusCode', 'error', 'at', 'outcome'],
      properties: {
        webhookId: { type: 'string' },
        type: { type: 'string' },
        attempt: { type: 'integer', minimum: 1 },
        statusCode: { type: ['integer', 'null'] },
        error: { type: ['string', 'null'] },
        at: isoTime,
        outcome: { type: 'string', enum: ['delivered', 'retrying', 'gone', 'failed'] },
      },
    },
    Account: {
      type: 'object',
      required: ['accountId', 'balance', 'dailyUsed', 'dailyCap', 'day', 'recentUsage'],
      properties: {
        accountId: { type: 'string' },
        balance: { type: 'integer' },
        dailyUsed: { type: 'integer', minimum: 0, description: 'credits charged today (UTC day)' },
        dailyCap: { type: ['integer', 'null'] },
        day: { type: 'string', format: 'date' },
        recentUsage: {
          type: 'array',
          description: 'newest first',
          items: {
            type: 'object',
            required: ['endpoint', 'credits', 'at', 'requestId', 'kind'],
            properties: {
              endpoint: { type: 'string' },
              credits: { type: 'integer' },
              at: isoTime,
              requestId: { type: 'string' },
              kind: { type: 'string', enum: ['charge', 'refund'] },
            },
          },
        },
      },
    },
    Health: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
    Readiness: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ready', 'not_ready'] } } },
    GraphQLResponse: {
      type: 'object',
      description:
        'GraphQL over HTTP. Errors carry extensions.code (the REST error codes) and extensions.http.status; extensions.billing states the credits charged.',
      properties: {
        data: { anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['message'],
            properties: {
              message: { type: 'string' },
              locations: {
                type: 'array',
                items: { type: 'object', properties: { line: { type: 'integer' }, column: { type: 'integer' } } },
              },
              path: { type: 'array', items: { type: ['string', 'integer'] } },
              extensions: {
                type: 'object',
                additionalProperties: true,
                properties: { code: { type: 'string' }, retryable: { type: 'boolean' } },
              },
            },
          },
        },
        extensions: { type: 'object', additionalProperties: true },
      },
    },
  };
}

/** The success envelope of a service route around `data`. */
export const serviceEnvelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'data', 'meta'],
  properties: { success: { const: true }, data, meta: ref('Meta') },
});
