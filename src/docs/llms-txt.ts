import type { Catalogue } from '../catalogue/catalogue.js';
import { queryParameters } from './json-schemas.js';
import { API_VERSION, endpointExtensions } from './openapi.js';

function parameterLine(parameter: ReturnType<typeof queryParameters>[number]): string {
  const { schema } = parameter;
  const type = Array.isArray(schema.enum) ? `one of ${schema.enum.join('|')}` : String(schema.type ?? 'string');
  const range = schema.minimum !== undefined ? ` ${String(schema.minimum)}-${String(schema.maximum)}` : '';
  const fallback = schema.default !== undefined ? `, default ${String(schema.default)}` : '';
  const required = parameter.required ? ', required' : '';
  return `  - ${parameter.name} (${type}${range}${required}${fallback})${parameter.description ? `: ${parameter.description}` : ''}`;
}

/** The plain-text catalogue (llms.txt convention), derived from the same catalogue as the routes. */
export function buildLlmsTxt(catalogue: Catalogue): string {
  const lines = [
    '# Unified Public-Data API',
    '',
    `> Public, logged-out data from many platforms through one normalised schema. Version ${API_VERSION}.`,
    '',
    'Authentication: send your key in the `x-api-key` header. Billing: a failed request, an empty result and a cache hit cost 0 credits.',
    'Caching: add `cache_max_age` (30s, 15m, 12h, 7d, 2w, seconds, or ISO 8601 such as PT1H) to accept a cached result; it keeps the original fetchedAt.',
    'Envelope: {"success":true,"data":…,"meta":{"creditsCharged","cached","fetchedAt"},"pagination":{"cursor","hasMore"}}; errors: {"success":false,"error":{"code","message","retryable"}}.',
    'GraphQL: POST /graphql; one root field per endpoint (named below), plus graph edges such as Post.author.',
    'Machine-readable description: /openapi.json',
    '',
  ];
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
      lines.push(`Flags: ${flags}`, 'Parameters:', ...queryParameters(endpoint).map(parameterLine), '');
    }
  }
  return lines.join('\n');
}
