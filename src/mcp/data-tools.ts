import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { EndpointOutcome, OutcomePayload } from '../pipeline/outcome.js';
import { requestSchema, validateRequest } from '../pipeline/params.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import { toolJsonSchema } from './json-schema.js';
import { toolNameOf } from './tool-name.js';
import type { GatewayTool } from './tool.js';

const paginationSchema = z.object({
  cursor: z.string().nullable().describe('opaque; pass it back as `cursor` for the next page'),
  hasMore: z.boolean(),
});
const rawSchema = z.unknown().optional().describe('the untouched upstream payload; only with include_raw=true');

/**
 * The structured output of a data tool: the REST envelope's `data` (and `pagination`), wrapped
 * so that an empty single result (`data: null`) is still an object, as structured content must be.
 */
function outputSchemaOf(catalogue: Catalogue, endpoint: EndpointDefinition): z.ZodObject {
  const resource = catalogue.resource(endpoint.returns.type);
  if (endpoint.returns.kind === 'list')
    return z.object({ data: z.object({ items: z.array(resource) }), pagination: paginationSchema, raw: rawSchema });
  return z.object({ data: resource.nullable().describe('null for an empty result (not charged; see _meta.reason)'), raw: rawSchema });
}

/** What a model must know before calling: what it costs and when a cached answer is used. */
function descriptionOf(endpoint: EndpointDefinition): string {
  const { creditCost, cacheable, parameterConstraints } = endpoint.flags;
  const cost = `Cost: ${creditCost} credit${creditCost === 1 ? '' : 's'} per live call; an empty result or an error costs 0.`;
  const caching = cacheable
    ? 'Caching: pass cache_max_age (e.g. 1h, 7d) to accept a cached result no older than that, which costs 0 credits; without it the call always fetches live.'
    : 'Caching: never cached; every call fetches live.';
  return [endpoint.description, parameterConstraints ? `Parameters: ${parameterConstraints}.` : '', cost, caching]
    .filter(Boolean)
    .join('\n\n');
}

/** One tool per catalogue endpoint, on the same pipeline as GET {path}: same validation, billing, cache and errors. */
export function dataTools(catalogue: Catalogue, deps: PipelineDeps): GatewayTool[] {
  return catalogue.endpoints.map((endpoint) => ({
    definition: {
      name: toolNameOf(endpoint.path),
      title: endpoint.summary,
      description: descriptionOf(endpoint),
      inputSchema: toolJsonSchema(requestSchema(endpoint), 'input'),
      outputSchema: toolJsonSchema(outputSchemaOf(catalogue, endpoint), 'output'),
      annotations: { title: endpoint.summary, readOnlyHint: true, openWorldHint: true },
      _meta: {
        path: endpoint.path,
        creditCost: endpoint.flags.creditCost,
        cacheable: endpoint.flags.cacheable,
        batchable: endpoint.flags.batchable,
      },
    },
    async call(args, context) {
      const validated = validateRequest(endpoint, args);
      const outcome = await runEndpoint(deps, endpoint, validated, context);
      return dataResult(outcome);
    },
  }));
}

/** The outcome as a tool result: structured content, a one-line summary, and the REST `meta` under `_meta`. */
export function dataResult(outcome: EndpointOutcome): CallToolResult {
  const { payload } = outcome;
  const structured: Record<string, unknown> = { ...payload };
  if (outcome.rawJson !== null) structured.raw = outcome.raw;
  const meta: Record<string, unknown> = { creditsCharged: outcome.creditsCharged, cached: outcome.cached, fetchedAt: outcome.fetchedAt };
  if (outcome.ageSeconds !== null) meta.ageSeconds = outcome.ageSeconds;
  if (outcome.empty) Object.assign(meta, { empty: true, reason: outcome.emptyReason });
  if (outcome.warnings.length > 0) meta.warnings = outcome.warnings;
  return { content: [{ type: 'text', text: summaryOf(outcome, payload) }], structuredContent: structured, _meta: meta };
}

function summaryOf(outcome: EndpointOutcome, payload: OutcomePayload): string {
  const { endpoint } = outcome;
  const items = (payload.data as { items?: unknown[] } | null)?.items;
  const what = outcome.empty
    ? `Empty result (${outcome.emptyReason}) from ${endpoint.path}`
    : items
      ? `${items.length} ${endpoint.returns.type} item${items.length === 1 ? '' : 's'} from ${endpoint.path}`
      : `One ${endpoint.returns.type} from ${endpoint.path}`;
  const next = payload.pagination?.hasMore ? `; next page: cursor=${payload.pagination.cursor}` : '';
  const source = outcome.cached ? `served from cache (${outcome.ageSeconds ?? 0} s old)` : 'fetched live';
  return `${what}${next}. ${source}; ${outcome.creditsCharged} credit${outcome.creditsCharged === 1 ? '' : 's'} charged. The data is in structuredContent.`;
}
