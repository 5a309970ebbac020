import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { ERROR_STATUS, GatewayError, type ErrorCode } from '../errors.js';
import { CHANGE_COST } from '../subscriptions/check.js';
import { exampleOf, exampleParams, exampleQuery } from './examples.js';
import { queryParameters, type JsonSchema } from './json-schemas.js';
import { API_VERSION, buildOpenApi, endpointExtensions } from './openapi.js';
import type { RouteContract } from './route-contract.js';

/**
 * The plain-text catalogue (llms.txt convention) for a reader that has nothing else: every route
 * and door with an example request and a short example answer, the error codes, billing and
 * limits. Everything is derived from the catalogue and the OpenAPI document the server
 * publishes, so the two can never disagree.
 */

type Document = { paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } };

const line = (value: unknown): string => JSON.stringify(value);

function parameterLine(parameter: ReturnType<typeof queryParameters>[number]): string {
  const { schema } = parameter;
  const type = Array.isArray(schema.enum) ? `one of ${schema.enum.join('|')}` : typeName(schema);
  const range = schema.minimum !== undefined ? ` ${String(schema.minimum)}-${String(schema.maximum)}` : '';
  const fallback = schema.default !== undefined ? `, default ${String(schema.default)}` : '';
  const required = parameter.required ? ', required' : '';
  return `  - ${parameter.name} (${type}${range}${required}${fallback})${parameter.description ? `: ${parameter.description}` : ''}`;
}

/** A query parameter's type as a caller writes it: a union that accepts booleans is a boolean ("true"/"false"). */
function typeName(schema: JsonSchema): string {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches?.some((branch) => branch.type === 'boolean')) return 'boolean';
  if (schema.type === 'number' && schema.maximum !== undefined && Number.isInteger(schema.minimum)) return 'integer';
  return String(schema.type ?? 'string');
}

/** The 200 answer of a data endpoint, with the meta of a live, paid fetch. */
function dataAnswer(document: Document, endpoint: EndpointDefinition): unknown {
  const schema = document.paths[endpoint.path]!.get!.responses as Record<string, JsonSchema>;
  const answer = exampleOf(
    (schema['200']!.content as Record<string, JsonSchema>)['application/json']!.schema as JsonSchema,
    document.components.schemas,
  ) as Record<string, unknown>;
  return { ...answer, meta: { creditsCharged: endpoint.flags.creditCost, cached: false, fetchedAt: '2026-01-01T12:00:00.000Z' } };
}

/** A GraphQL answer to graphqlExample's query: the two fields it selects, and the billing extension. */
function graphqlAnswer(document: Document, endpoint: EndpointDefinition): unknown {
  const data = (dataAnswer(document, endpoint) as { data: Record<string, unknown> & { items?: Record<string, unknown>[] } }).data;
  const pick = (item: Record<string, unknown>) =>
    Object.fromEntries(graphqlSelection(document, endpoint).map((name) => [name, item[name]]));
  const value = endpoint.returns.kind === 'list' ? { items: (data.items ?? []).map(pick) } : pick(data);
  return {
    data: { [endpoint.graphqlField]: value },
    extensions: { billing: { creditsCharged: endpoint.flags.creditCost, liveFetches: 1, cacheHits: 0 } },
  };
}

/** The first success answer a service route documents, as JSON when it is JSON. */
function serviceAnswer(document: Document, catalogue: Catalogue, route: RouteContract): { status: string; body: string } | null {
  const responses = (document.paths[route.path]?.[route.method]?.responses ?? {}) as Record<string, JsonSchema>;
  // A route that only refuses (the MCP door's GET) shows its refusal.
  const status = Object.keys(responses).find((each) => each.startsWith('2')) ?? Object.keys(responses)[0];
  if (!status) return null;
  const content = (responses[status]!.content ?? {}) as Record<string, JsonSchema>;
  const json = content['application/json'] ?? content['application/graphql-response+json'];
  if (content['application/graphql-response+json']) return { status, body: line(graphqlAnswer(document, catalogue.endpoints[0]!)) };
  if (!json) return { status, body: Object.keys(content)[0] ?? '(no body)' };
  const answer = exampleOf(json.schema as JsonSchema, document.components.schemas) as { data?: Record<string, unknown> };
  // One schema serves both job routes: a batch's answer says so.
  if (route.path === '/v1/jobs/batch' && answer.data) answer.data = { ...answer.data, kind: 'batch', total: 2 };
  return { status, body: line(answer) };
}

/** A body naming an endpoint gets a real one, with its required parameters. */
function serviceBody(document: Document, catalogue: Catalogue, route: RouteContract): string | null {
  const operation = document.paths[route.path]?.[route.method];
  const content = (operation?.requestBody as JsonSchema | undefined)?.content as Record<string, JsonSchema> | undefined;
  const schema = content?.['application/json']?.schema as JsonSchema | undefined;
  if (!schema) return null;
  if (route.path === '/mcp') return line({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const body = exampleOf(schema, document.components.schemas) as Record<string, unknown>;
  const endpoint = typeof body.endpoint === 'string' ? catalogue.byPath.get(body.endpoint) : undefined;
  if (endpoint) {
    body.params = exampleParams(endpoint);
    if ('targets' in body) {
      delete body.params;
      body.targets = [exampleParams(endpoint), exampleParams(endpoint)];
    }
    if ('webhookUrl' in body) body.webhookUrl = 'https://hooks.example.org/gateway';
  }
  if ('query' in body) return line({ query: graphqlExample(document, catalogue.endpoints[0]!) });
  return line(body);
}

const camel = (name: string): string => name.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** Two scalar fields of the endpoint's resource, for the GraphQL examples. */
function graphqlSelection(document: Document, endpoint: EndpointDefinition): string[] {
  const resource = document.components.schemas[endpoint.returns.type] as { properties?: Record<string, JsonSchema> } | undefined;
  return Object.entries(resource?.properties ?? {})
    .filter(([, schema]) => !schema.$ref && schema.type !== 'object' && schema.type !== 'array' && !schema.anyOf)
    .slice(0, 2)
    .map(([name]) => name);
}

/** A GraphQL query of one root field with its required arguments and two scalar fields. */
function graphqlExample(document: Document, endpoint: EndpointDefinition): string {
  const args = queryParameters(endpoint)
    .filter((parameter) => parameter.required)
    .map((parameter) => `${camel(parameter.name)}: "<${parameter.name}>"`)
    .join(', ');
  const scalars = graphqlSelection(document, endpoint).join(' ');
  const selection = endpoint.returns.kind === 'list' ? `items { ${scalars} }` : scalars;
  return `{ ${endpoint.graphqlField}${args ? `(${args})` : ''} { ${selection} } }`;
}

function errorLines(): string[] {
  return (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).map(([code, status]) => {
    const retryable = new GatewayError(code, '').retryable;
    return `- ${code}: HTTP ${status}, ${retryable ? 'retryable' : 'not retryable'}, never charged (meta.creditsCharged 0)`;
  });
}

/** How each service door is used beyond its request and answer. */
const ROUTE_NOTES: Record<string, string> = {
  'post /v1/jobs':
    'Send `Idempotency-Key: <unique string>` to make a retry safe: the same key and body return the first job (header idempotent-replayed: true); the same key with another body is 409 idempotency_conflict. Each target is charged like the same GET when it runs; creating and polling are free.',
  'post /v1/jobs/batch':
    'Only x-batchable endpoints; every target is validated before anything is queued (400 lists the bad ones). Poll GET /v1/jobs/{id}?limit=100 and follow data.pagination.cursor for the next page of results.',
  'get /v1/jobs/{id}':
    "Query: cursor (from the previous page), limit (1-500, default 100). A job carries result (the endpoint's own envelope or error envelope); a batch carries results[] and pagination.",
  'post /v1/subscriptions': `Only x-subscribable endpoints. Checks are free; each delivered change costs ${CHANGE_COST} credit. Webhooks are signed (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) with the secret shown once in this answer.`,
  'post /graphql':
    'Both application/graphql-response+json and application/json answers (Accept decides). A failed request answers {"errors":[{"message","extensions":{"code","http":{"status"}}}]} with that status (401 for a missing key). extensions.billing states the credits charged. Watch fields (subscriptions) stream over /graphql/stream or with Accept: text/event-stream.',
  'put /graphql/stream':
    'Single-connection mode (graphql-sse): PUT reserves a stream and answers its token as text; open it with GET (Accept: text/event-stream, header x-graphql-event-stream-token: <token>); start operations with POST {query, extensions: {operationId}} and the same header (202); stop one with DELETE ?operationId=.',
  'post /graphql/stream':
    'Distinct-connections mode: POST {query} with Accept: text/event-stream streams that one operation (event: next / event: complete).',
};

/** Example paths of the service routes that take a query string. */
const EXAMPLE_PATHS: Record<string, (catalogue: Catalogue, document: Document) => string> = {
  'get /v1/jobs/{id}': () => '/v1/jobs/{id}?limit=100&cursor=<pagination.cursor of the previous page>',
  'get /graphql': (catalogue, document) => `/graphql?query=${encodeURIComponent(graphqlExample(document, catalogue.endpoints[0]!))}`,
  'delete /graphql/stream': () => '/graphql/stream?operationId=<operationId>',
};

export function buildLlmsTxt(catalogue: Catalogue, serviceRoutes: readonly RouteContract[]): string {
  const document = buildOpenApi(catalogue, serviceRoutes) as unknown as Document;
  const lines = [
    '# Unified Public-Data API',
    '',
    `> Public, logged-out data from many platforms through one normalised schema. Version ${API_VERSION}. Machine-readable description: /openapi.json (OpenAPI 3.1); API reference: /docs.`,
    '',
    '## Basics',
    '',
    '- Authentication: send your key in the `x-api-key` header on every /v1 and /graphql request. Missing, unknown or revoked keys are 401.',
    '- Browser frontends: a publishable key (pk_...) may be shipped in a web page. It is served only with an Origin its key lists, only for a trusted document (`{"documentId":"sha256:<hex>","variables":{…}}` or Apollo\'s extensions.persistedQuery.sha256Hash) on POST /graphql and /graphql/stream, and within its own daily cap and per-client-IP rate; anything else is 403 forbidden naming the rule, with nothing fetched or charged. An unknown document id is 400 with extensions.code PERSISTED_QUERY_NOT_FOUND. Secret keys may send a query text or a document id.',
    `- Doors: REST (GET /v1/<family>/... per endpoint below), GraphQL (POST /graphql, one root field per endpoint plus graph edges), GraphQL streams (/graphql/stream, server-sent events), asynchronous jobs and batches (/v1/jobs), change subscriptions with webhooks (/v1/subscriptions), the account (/v1/account).`,
    '- Success envelope: {"success":true,"data":…,"meta":{"creditsCharged","cached","fetchedAt","empty?","reason?","warnings?"},"pagination?":{"cursor","hasMore"},"raw?":…}. Lists are data.items; send pagination.cursor back as `cursor` for the next page.',
    '- Error envelope: {"success":false,"error":{"code","message","retryable","details?":{"param"}},"meta":{"creditsCharged":0}}.',
    '- Every answer carries x-request-id; REST answers carry x-credits-charged and x-credits-remaining once the key is known.',
    '- `include_raw=true` (a boolean: true/false/1/0) adds the upstream payload as read under `raw`; the endpoint descriptions name the raw fields worth reading.',
    '',
    '## Billing',
    '',
    "- A live fetch costs the endpoint's x-credit-cost (listed per endpoint below).",
    '- Free: a cache hit, an empty result (meta.empty true: not found, private, removed...), and every error.',
    '- Caching: add `cache_max_age` (30s, 15m, 12h, 7d, 2w, a number of seconds, or ISO 8601 such as PT1H) to accept a cached result no older than that; it keeps the original fetchedAt and costs 0. Endpoints marked x-cacheable=false refuse cache_max_age with 400. The request header `Cache-Control: max-age=N` (seconds) is the default cache_max_age of every data call of the request (GraphQL node(id:) and edges included); an explicit cache_max_age wins, and never-cached endpoints ignore the header.',
    '- Jobs and batches: each target is charged like the same GET when it runs; creating, polling and cancelling are free.',
    `- Subscriptions: checks are free; each delivered change costs ${CHANGE_COST} credit.`,
    '- 402 insufficient_credits: the key is valid but its balance cannot pay for the call; nothing is fetched or charged.',
    "- GET /v1/account shows the balance, today's use (UTC day), the daily cap and recent charges.",
    '',
    '## Rate limits',
    '',
    '- Per key: a number of requests per minute set by the deployment (RATE_LIMIT_PER_MINUTE, 600 by default); over it: 429 rate_limited with Retry-After.',
    '- Daily cap (when the key has one): 429 daily_cap_exceeded until the next UTC day.',
    '- Headers: RateLimit-Policy lists the policies (`"daily";q=1000;w=86400, "burst";q=600;w=60`); RateLimit names the one that binds first (`"burst";r=599;t=60`: requests remaining, seconds to reset).',
    '- 429 upstream_rate_limited: the platform is limiting us; Retry-After says when to retry.',
    '',
    '## Error codes',
    '',
    ...errorLines(),
    '',
    '## Service routes',
    '',
  ];
  for (const route of serviceRoutes) {
    const key = `${route.method} ${route.path}`;
    const method = route.method.toUpperCase();
    lines.push(`### ${method} ${route.path}`, '', route.summary, '');
    if (ROUTE_NOTES[key]) lines.push(ROUTE_NOTES[key], '');
    const body = serviceBody(document, catalogue, route);
    const auth = route.authenticated ? ' (x-api-key)' : '';
    const path = EXAMPLE_PATHS[key]?.(catalogue, document) ?? route.path;
    lines.push(`Example request${auth}: ${method} ${path}${body ? ` with body ${body}` : ''}`);
    const answer = serviceAnswer(document, catalogue, route);
    if (answer) lines.push(`Example response: ${answer.status} ${answer.body}`);
    lines.push('');
  }
  lines.push(
    '## Any URL in: GET /v1/resolve?url=',
    '',
    'Paste a page URL instead of parameters: the answer is exactly what the endpoint serving that page answers, billed as it, plus meta.resolved {endpoint, params}. Tracking parameters and host aliases read as the same page. Jobs, batches and subscriptions take endpoint /v1/resolve with {url}. GraphQL: resolve(url:); MCP: resolve_url. An unknown host or a page no form reads is 400 naming url, with nothing fetched or charged. The forms (also at GET /v1/resolve/forms):',
    '',
    ...[...new Set([...catalogue.urlForms.values()].flat()), ...catalogue.fallbackUrlForms].map(
      (form) =>
        `- ${form.family}: ${form.names}${form.hosts === 'any' ? ' (any other host)' : ''} -> ${form.endpoint}, e.g. ${form.example}`,
    ),
    '',
  );
  for (const family of catalogue.families) {
    lines.push(`## ${family.name}`, '');
    for (const endpoint of family.endpoints) {
      const flags = Object.entries(endpointExtensions(endpoint))
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `${name}=${String(value)}`)
        .join(' ');
      lines.push(`### GET ${endpoint.path} (GraphQL: ${endpoint.graphqlField})`, '', endpoint.summary, '', endpoint.description, '');
      lines.push(
        `Returns: ${endpoint.returns.kind === 'list' ? `data.items: ${endpoint.returns.type}[]` : `one ${endpoint.returns.type} (data null when empty)`}`,
      );
      lines.push(`Flags: ${flags}`, 'Parameters:', ...queryParameters(endpoint).map(parameterLine));
      lines.push(`Example request: GET ${exampleQuery(endpoint)}`, `Example response: 200 ${line(dataAnswer(document, endpoint))}`);
      lines.push(`GraphQL: ${graphqlExample(document, endpoint)}`, '');
    }
  }
  return lines.join('\n');
}
