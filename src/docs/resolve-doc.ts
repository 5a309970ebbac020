import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import { commonParamsShape } from '../pipeline/params.js';
import { alwaysHeaders, creditHeaders, errorResponseRef, rateLimitHeaders } from './http-contracts.js';
import { toJsonSchema, type JsonSchema } from './json-schemas.js';

/** What GET /v1/resolve takes: a page URL and the common options, passed to the endpoint that serves it. */
export const resolveRequestSchema = z
  .object({
    url: z
      .string()
      .max(2048)
      .describe('an absolute http(s) URL of a page some family reads (GET /v1/resolve/forms lists the forms); never fetched itself'),
    ...commonParamsShape,
  })
  .strict();

/** The GET /v1/resolve operation: the resolved endpoint's envelope, billed as it, with meta.resolved. */
export function resolveOperation(catalogue: Catalogue): JsonSchema {
  const schema = toJsonSchema(resolveRequestSchema) as { properties: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  const single = [...new Set(catalogue.endpoints.filter((each) => each.returns.kind === 'single').map((each) => each.returns.type))];
  return {
    operationId: 'resolve',
    tags: ['resolve'],
    summary: 'Any supported page URL in, the resource behind it out, through the endpoint that serves that kind of page.',
    description: `Reads the URL into an endpoint and its canonical parameters (meta.resolved) and answers what that endpoint answers, billed as it: usually 1 credit, 2 on the advertising-library endpoints, 0 on a cache hit, an empty result or an error. Equivalent URLs (tracking parameters, host aliases, trailing slashes) share one cache entry. A URL that is not absolute http(s), on a host no family reads (details.supportedHosts lists them), or a page no form reads is 400 naming url, before anything is fetched or held. GET /v1/resolve/forms lists the pages read.`,
    parameters: Object.entries(schema.properties).map(([name, property]) => {
      const { description, ...rest } = property;
      return { in: 'query', name, required: required.has(name), description, schema: rest };
    }),
    responses: {
      '200': {
        description: "The resolved endpoint's answer (one resource, null when empty, or a page of items), with meta.resolved.",
        headers: { ...alwaysHeaders(), ...creditHeaders(true), ...rateLimitHeaders() },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['success', 'data', 'meta'],
              properties: {
                success: { const: true },
                data: {
                  anyOf: [
                    ...single.map((type) => ({ $ref: `#/components/schemas/${type}` })),
                    { type: 'object', required: ['items'], properties: { items: { type: 'array' } } },
                    { type: 'null' },
                  ],
                },
                meta: { $ref: '#/components/schemas/Meta' },
                pagination: { $ref: '#/components/schemas/Pagination' },
                raw: { description: 'the upstream payload as read (only with include_raw=true)' },
              },
            },
          },
        },
      },
      ...Object.fromEntries([400, 401, 402, 403, 429, 500, 501, 502, 503, 504].map((status) => [String(status), errorResponseRef(status)])),
    },
    'x-credit-cost': 1,
    'x-credit-cost-rule': 'the cost of the resolved endpoint',
    'x-render-credit-multiplier': 3,
    'x-cacheable': true,
    'x-batchable': true,
    'x-requires-residential-proxy': false,
    'x-subscribable': true,
    'x-experimental': false,
    'x-parameter-constraints': "the resolved endpoint's own flags apply: its price, its proxy, whether it can be batched or subscribed to",
  };
}
