import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import { requestSchema, splitRequest, type ValidatedRequest } from '../pipeline/params.js';
import { toGraphQLError } from './errors.js';
import { builder } from './builder.js';
import { endpointCost } from './limits/upstream-cost.js';
import { LISTED_BY, listTypeOf, RAW, resourceType, type Resource, type ResourceList } from './types/resources.js';

const camelCase = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

interface JsonSchemaProperty {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchemaProperty[];
  description?: string;
  default?: unknown;
}

function scalarOf(property: JsonSchemaProperty): 'Int' | 'Float' | 'Boolean' | 'String' {
  const types = [property.type, ...(property.anyOf ?? []).map((option) => option.type)];
  if (types.includes('boolean')) return 'Boolean';
  if (types.includes('integer')) return 'Int';
  if (types.includes('number')) return 'Float';
  return 'String';
}

function describe(property: JsonSchemaProperty): string | undefined {
  const parts = [property.description];
  if (property.enum) parts.push(`One of: ${property.enum.join(', ')}.`);
  if (property.default !== undefined) parts.push(`Default: ${String(property.default)}.`);
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

/** GraphQL arguments derived from an endpoint's zod schema (default: its REST request schema): REST names in camelCase. */
export function argumentsOf(endpoint: EndpointDefinition, schema: z.ZodObject = requestSchema(endpoint)) {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchemaProperty>;
    required?: string[];
  };
  const required = new Set(jsonSchema.required ?? []);
  return (t: { arg: (options: never) => unknown }) =>
    Object.fromEntries(
      Object.entries(jsonSchema.properties).map(([name, property]) => [
        camelCase(name),
        t.arg({ type: scalarOf(property), required: required.has(name), description: describe(property) } as never),
      ]),
    );
}

/**
 * The same zod schema as REST validates the arguments (plugin-zod): GraphQL's camelCase
 * names and explicit nulls are mapped to the REST spelling first.
 */
export function argsSchema(endpoint: EndpointDefinition, schema: z.ZodObject = requestSchema(endpoint)) {
  return z.preprocess(
    (args) =>
      Object.fromEntries(
        Object.entries(args as Record<string, unknown>)
          .filter(([, value]) => value !== null && value !== undefined)
          .map(([name, value]) => [snakeCase(name), value]),
      ),
    schema,
  );
}

/** A resolved resource: the data with its raw payload attached (served by the `raw` field). */
export function resourceFrom(data: unknown, outcome: EndpointOutcome): Resource {
  const resource = { ...(data as Record<string, unknown>) } as Resource;
  resource[RAW] = outcome.raw;
  return resource;
}

function listFrom(outcome: EndpointOutcome, params: Record<string, unknown>): ResourceList {
  const { payload } = outcome;
  return listOf(payload.data, payload.pagination, outcome.raw, outcome.fetchedAt, params);
}

/** A list result; each item remembers the parameters that listed it (graph edges read them). */
export function listOf(
  data: unknown,
  pagination: ResourceList['pagination'] | undefined,
  raw: unknown,
  fetchedAt: string,
  params: Record<string, unknown>,
): ResourceList {
  const items = (data as { items: unknown[] }).items.map((item): Resource => ({
    ...(item as Record<string, unknown>),
    [LISTED_BY]: params,
  }));
  return { items, pagination: pagination ?? { cursor: null, hasMore: false }, raw, fetchedAt };
}

/** The endpoint's own rules after zod, with failures reported like every other GraphQL error. */
export function validated(endpoint: EndpointDefinition, parsed: unknown): ValidatedRequest {
  try {
    return splitRequest(endpoint, parsed as Record<string, unknown>);
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** One Query field per catalogue endpoint. */
export function addRootFields(catalogue: Catalogue): void {
  for (const endpoint of catalogue.endpoints) {
    const description = `${endpoint.summary}\n\n${endpoint.description}\n\nREST: GET ${endpoint.path}. Costs ${endpoint.flags.creditCost} credit(s) per live fetch; 0 on a cache hit or an empty result.`;
    // Read by the cost limit (src/schema/limits): one fetch, times the page size for a list.
    const extensions = { upstreamCost: endpointCost(endpoint, { sizeArgument: 'limit' }) };
    builder.queryField(endpoint.graphqlField, (t) => {
      const args = argumentsOf(endpoint)(t as never);
      if (endpoint.returns.kind === 'list') {
        return t.field({
          type: listTypeOf(endpoint.returns.type),
          description,
          extensions,
          args: args as never,
          validate: { schema: argsSchema(endpoint) as never },
          resolve: async (_root, parsed, context) => {
            const request = validated(endpoint, parsed);
            return listFrom(await context.run(endpoint, request), request.params);
          },
        });
      }
      return t.field({
        type: resourceType(endpoint.returns.type),
        nullable: true,
        description: `${description} Null for an empty result.`,
        extensions,
        args: args as never,
        validate: { schema: argsSchema(endpoint) as never },
        resolve: async (_root, parsed, context) => {
          const outcome = await context.run(endpoint, validated(endpoint, parsed));
          const { data } = outcome.payload;
          return data === null ? null : resourceFrom(data, outcome);
        },
      });
    });
  }
}
