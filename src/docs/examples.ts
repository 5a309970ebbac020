import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { JsonSchema } from './json-schemas.js';
import { queryParameters } from './json-schemas.js';

/**
 * Example requests and answers derived from the published schemas, so an example can never
 * promise a field the contract lacks. Values are placeholders of the right type (a date-time
 * is a date-time, an enum its first value); strings without a better value show their name.
 */

const EXAMPLE_TIME = '2026-01-01T12:00:00.000Z';
// A guard against self-referencing schemas; real resources nest far less.
const MAX_DEPTH = 8;

/** A value valid against `schema`, with `$ref`s resolved in `components`. */
export function exampleOf(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, name = 'value', depth = 0): unknown {
  if (!schema) return null;
  if (typeof schema.$ref === 'string') return exampleOf(components[schema.$ref.split('/').pop()!], components, name, depth);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  // A nullable choice (statusReason) is null in the usual case.
  if (Array.isArray(schema.enum)) return schema.enum.includes(null) ? null : schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => exampleOf(part, components, name, depth) as object));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      const branches = schema[key] as JsonSchema[];
      // Nested optional objects are null below the top levels: short, and still valid.
      if (depth >= 2 && branches.some((branch) => branch.type === 'null')) return null;
      return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0], components, name, depth);
    }
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((each) => each !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (depth >= MAX_DEPTH) return {};
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const shown = Object.keys(properties).filter((property) => required.has(property));
      const names = shown.length > 0 ? shown : Object.keys(properties).slice(0, 3);
      return Object.fromEntries(names.map((property) => [property, exampleOf(properties[property], components, property, depth + 1)]));
    }
    case 'array':
      return depth >= MAX_DEPTH ? [] : [exampleOf(schema.items as JsonSchema | undefined, components, name, depth + 1)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return EXAMPLE_TIME;
      if (schema.format === 'date') return EXAMPLE_TIME.slice(0, 10);
      if (schema.format === 'uri' || schema.format === 'url') return `https://example.org/${name}`;
      return `<${name}>`;
    default:
      return types.includes('null') ? null : {};
  }
}

/** A request to a data endpoint: its required parameters as placeholders. */
export function exampleQuery(endpoint: EndpointDefinition): string {
  const required = queryParameters(endpoint).filter((parameter) => parameter.required);
  const query = required.map((parameter) => `${parameter.name}=<${parameter.name}>`).join('&');
  return query === '' ? endpoint.path : `${endpoint.path}?${query}`;
}

/** The endpoint's required parameters with placeholder values, as a JSON body would carry them. */
export function exampleParams(endpoint: EndpointDefinition): Record<string, string> {
  return Object.fromEntries(
    queryParameters(endpoint)
      .filter((parameter) => parameter.required)
      .map((parameter) => [parameter.name, `<${parameter.name}>`]),
  );
}
