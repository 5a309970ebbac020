import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import { invalidParam } from '../errors.js';
import { commonParamsShape } from '../pipeline/params.js';
import { resolveUrl } from '../pipeline/resolve-url.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import { dataResult } from './data-tools.js';
import { toolJsonSchema } from './json-schema.js';
import type { GatewayTool } from './tool.js';

const inputSchema = z
  .object({
    url: z.string().describe('an absolute http(s) URL of a page some family reads (a post, an account, a repository, a listing...)'),
    ...commonParamsShape,
  })
  .strict();

const outputSchema = z.object({
  data: z.unknown().describe("the resolved endpoint's data: one resource, null when empty, or { items } for a list"),
  pagination: z.object({ cursor: z.string().nullable(), hasMore: z.boolean() }).optional(),
  raw: z.unknown().optional().describe('the untouched upstream payload; only with include_raw=true'),
});

/**
 * `resolve_url`: any supported page URL in, the resource behind it out, through the endpoint that
 * serves it (same validation, billing, cache and errors as GET /v1/resolve). `_meta.resolved`
 * names the endpoint and its parameters, so the model can call that tool directly next time.
 */
export function resolveTool(catalogue: Catalogue, deps: PipelineDeps): GatewayTool {
  const hosts = catalogue.urlFormHosts.join(', ');
  return {
    definition: {
      name: 'resolve_url',
      title: 'Read any supported URL',
      description: [
        'Reads a pasted link (a post, an account, a repository, a listing...) into the resource behind it, through the endpoint that serves that kind of page; nothing else is requested.',
        `Hosts read: ${hosts}. An unsupported URL is refused before anything is fetched or charged.`,
        'Cost: that of the resolved endpoint (usually 1 credit, 2 for advertising-library endpoints) per live call; an empty result, an error or a cache hit costs 0. Pass cache_max_age (e.g. 1h) to accept a cached result.',
      ].join('\n\n'),
      inputSchema: toolJsonSchema(inputSchema, 'input'),
      outputSchema: toolJsonSchema(outputSchema, 'output'),
      annotations: { title: 'Read any supported URL', readOnlyHint: true, openWorldHint: true },
      _meta: { path: '/v1/resolve' },
    },
    async call(args, context) {
      const unknown = Object.keys(args).find((name) => !(name in inputSchema.shape));
      if (unknown !== undefined)
        throw invalidParam(unknown, `Unknown parameter \`${unknown}\`; resolve_url accepts url, cache_max_age, include_raw.`);
      const { url, ...options } = args;
      const { endpoint, request } = resolveUrl(catalogue, url, options);
      const outcome = await runEndpoint(deps, endpoint, request, context);
      const result = dataResult(outcome);
      return { ...result, _meta: { ...result._meta, resolved: { endpoint: endpoint.path, params: request.params } } };
    },
  };
}
