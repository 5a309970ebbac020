import { z } from 'zod';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';
import { requestSchema, splitRequest, type ValidatedRequest } from '../pipeline/params.js';
import { toGraphQLError } from './errors.js';
import { builder, perBuilder, validationFailure } from './builder.js';
import { enumValueName, restEnum, restSpelling } from './enum-values.js';
import { endpointCost } from '../limits/upstream-cost.js';
import { LISTED_BY, RAW, type Resource, type ResourceList } from '../catalogue/resource.js';
import { listTypeOf, resourceType } from './types/resources.js';
import { relayArguments } from './connections/arguments.js';
import {
  pageParameters,
  pageShapeOf,
  planPage,
  refuseBothSpellings,
  windowPage,
  type PagePlan,
  type RelayArguments,
} from './connections/paging.js';

export const camelCase = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

interface JsonSchemaProperty {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchemaProperty[];
  description?: string;
  default?: unknown;
  /** Per-value descriptions of an enum parameter (`.meta({ 'x-enumDescriptions': ... })`), as OpenAPI carries them. */
  'x-enumDescriptions'?: Record<string, string>;
}

function scalarOf(property: JsonSchemaProperty): 'Int' | 'Float' | 'Boolean' | 'String' {
  const types = [property.type, ...(property.anyOf ?? []).map((option) => option.type)];
  if (types.includes('boolean')) return 'Boolean';
  if (types.includes('integer')) return 'Int';
  if (types.includes('number')) return 'Float';
  return 'String';
}

/** The fixed values of a parameter (REST spelling), or null when it takes any value of its type. */
function enumValuesOf(property: JsonSchemaProperty): string[] | null {
  // A boolean or number also accepted as text (include_raw: true or "true") stays its scalar.
  if (scalarOf(property) !== 'String') return null;
  const values = property.enum ?? property.anyOf?.find((option) => option.enum)?.enum;
  return values && values.every((value) => typeof value === 'string') ? (values as string[]) : null;
}

const pascalCase = (name: string): string => camelCase(name).replace(/^[a-z]/, (letter) => letter.toUpperCase());

/**
 * Names of the argument enums: a parameter that takes the same values on every endpoint of its
 * family that has it shares one enum named after the family (RealtyTld); otherwise each
 * endpoint has its own, named after its root field (ForumSearchSort, ForumSubredditSort).
 */
const sharedEnumNames = perBuilder(() => new Map<string, string>());

function planArgumentEnums(catalogue: Catalogue): void {
  const valueSets = new Map<string, Set<string>>();
  for (const endpoint of catalogue.endpoints) {
    for (const [name, property] of Object.entries(jsonSchemaOf(requestSchema(endpoint)).properties)) {
      const values = enumValuesOf(property);
      if (!values) continue;
      const group = `${endpoint.family}\u0000${name}`;
      valueSets.set(group, (valueSets.get(group) ?? new Set()).add(JSON.stringify(values)));
    }
  }
  for (const [group, sets] of valueSets) {
    const [family, name] = group.split('\u0000') as [string, string];
    if (sets.size === 1) sharedEnumNames().set(group, `${pascalCase(family)}${pascalCase(name)}`);
  }
}

function argumentEnum(endpoint: EndpointDefinition, name: string, property: JsonSchemaProperty, values: readonly string[]) {
  const enumName = sharedEnumNames().get(`${endpoint.family}\u0000${name}`) ?? `${pascalCase(endpoint.graphqlField)}${pascalCase(name)}`;
  const described = property['x-enumDescriptions'] ?? property.anyOf?.find((option) => option.enum)?.['x-enumDescriptions'] ?? {};
  const describeValue = (value: string) => (described[value] ? `${described[value]} (\`${value}\` in REST).` : restSpelling(value));
  return restEnum(enumName, property.description ?? `Values of the \`${name}\` parameter.`, values, describeValue);
}

function describe(property: JsonSchemaProperty, enumerated: boolean): string | undefined {
  const parts = [property.description];
  if (property.enum && !enumerated) parts.push(`One of: ${property.enum.join(', ')}.`);
  if (property.default !== undefined)
    parts.push(`Default: ${enumerated ? enumValueName(String(property.default)) : String(property.default)}.`);
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

function jsonSchemaOf(schema: z.ZodObject) {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchemaProperty>;
    required?: string[];
  };
}

/**
 * GraphQL arguments derived from an endpoint's zod schema (default: its REST request schema):
 * REST names in camelCase, and fixed sets of values as enums.
 */
export function argumentsOf(endpoint: EndpointDefinition, schema: z.ZodObject = requestSchema(endpoint)) {
  const jsonSchema = jsonSchemaOf(schema);
  const required = new Set(jsonSchema.required ?? []);
  return (t: { arg: (options: never) => unknown }) =>
    Object.fromEntries(
      Object.entries(jsonSchema.properties).map(([name, property]) => {
        const values = enumValuesOf(property);
        const type = values ? argumentEnum(endpoint, name, property, values) : scalarOf(property);
        return [camelCase(name), t.arg({ type, required: required.has(name), description: describe(property, values !== null) } as never)];
      }),
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
  planArgumentEnums(catalogue);
  for (const endpoint of catalogue.endpoints) {
    const description = `${endpoint.summary}\n\n${endpoint.description}\n\nREST: GET ${endpoint.path}. Costs ${endpoint.flags.creditCost} credit(s) per live fetch; 0 on a cache hit or an empty result.`;
    // Read by the cost limit (src/limits/query-cost.ts): one fetch, times the page size for a list.
    const extensions = { upstreamCost: endpointCost(endpoint, { sizeArgument: 'limit' }) };
    builder().queryField(endpoint.graphqlField, (t) => {
      const args = argumentsOf(endpoint)(t as never);
      if (endpoint.returns.kind === 'list') return listField(t, endpoint, args, description, extensions);
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

/** A REST `limit` the caller gave sizes a page asked with `after` as `first` would. */
const sizeGiven = (limit: unknown): number | null => (typeof limit === 'number' ? limit : null);

/**
 * A list root field: the REST parameters, and Relay's `first`/`after` (a Relay `after` takes
 * the place of a REST parameter of that name, which named an upstream page cursor too). The
 * arguments are validated here rather than by plugin-zod, because `first`/`after` decide the
 * page size and cursor the REST schema then validates.
 */
function listField(
  t: Parameters<Parameters<ReturnType<typeof builder>['queryField']>[1]>[0],
  endpoint: EndpointDefinition,
  args: Record<string, unknown>,
  description: string,
  extensions: Record<string, unknown>,
) {
  const shape = pageShapeOf(endpoint);
  return t.field({
    type: listTypeOf(endpoint.returns.type),
    description,
    extensions,
    args: { ...args, ...relayArguments(t as never, shape) } as never,
    resolve: async (_root, given, context) => {
      const { first, after, ...rest } = given as RelayArguments & Record<string, unknown>;
      let plan: PagePlan | null;
      try {
        refuseBothSpellings(given as Record<string, unknown>, { size: shape.sizeParameter, cursor: shape.cursorParameter });
        // Without first/after the REST parameters alone decide the page, as before.
        const size = first ?? (after == null ? null : sizeGiven(rest.limit));
        plan = planPage(endpoint.graphqlField, shape, { first: size, after }, first == null ? 'limit' : 'first');
      } catch (error) {
        throw toGraphQLError(error);
      }
      const parsed = argsSchema(endpoint).safeParse({ ...rest, ...pageParameters(plan) });
      if (!parsed.success) throw validationFailure(parsed.error);
      const request = validated(endpoint, parsed.data);
      const fetched = listFrom(await context.run(endpoint, request), request.params);
      const { cursor, limit } = request.params;
      return windowPage(fetched, endpoint.graphqlField, shape, plan, {
        requestedCursor: typeof cursor === 'string' ? cursor : null,
        fetchSize: typeof limit === 'number' ? limit : null,
      });
    },
  });
}
