import type { EndpointDefinition } from '../catalogue/endpoint.js';

/**
 * The `raw` properties an endpoint's own documentation tells callers to read (`raw.totalComments`,
 * `raw.via`, ...), in order of first mention. The published schema types `raw` as an object with
 * these properties, open to others, so a typed client can read what the prose promises.
 */
export function promisedRawFields(endpoint: EndpointDefinition): string[] {
  const text = `${endpoint.summary} ${endpoint.description} ${endpoint.flags.parameterConstraints ?? ''}`;
  return [...new Set([...text.matchAll(/\braw\.([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!))];
}
