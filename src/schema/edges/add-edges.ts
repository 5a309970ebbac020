import { z } from 'zod';
import type { EndpointDefinition } from '../../catalogue/endpoint.js';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { invalidParam } from '../../errors.js';
import { builder } from '../builder.js';
import { toGraphQLError } from '../errors.js';
import type { GraphQLContext } from '../context.js';
import type { UpstreamCost } from '../../catalogue/edge.js';
import { endpointCost } from '../../limits/upstream-cost.js';
import { requestSchema } from '../../pipeline/params.js';
import { argumentsOf, camelCase } from '../root-fields.js';
import { LISTED_BY, type Resource } from '../../catalogue/resource.js';
import { listTypeOf, resourceType } from '../types/resources.js';
import type { EdgeArguments, EdgeDefinition, EdgeKit, EdgeValue } from '../../catalogue/edge.js';
import { endpointAt, loadLists, loadSingles } from './load-through-pipeline.js';

const kitOf = (catalogue: Catalogue): EdgeKit => ({
  endpoint: (path) => endpointAt(catalogue, path),
  loadSingles,
  loadLists,
  cost: (endpoint) => endpointCost(endpoint),
  listedBy: (item) => item[LISTED_BY],
});

/** The larger of two costs: a field shared by several platforms is bounded by its most expensive one. */
function larger(a: UpstreamCost, b: UpstreamCost): UpstreamCost {
  if (a.fetches !== b.fetches) return a.fetches > b.fetches ? a : b;
  return (a.page?.max ?? 0) >= (b.page?.max ?? 0) ? a : b;
}

/** Separates the platform from the key, so one loader serves the edges of every platform of a field. */
const SEPARATOR = '\u0000';

/**
 * Adds every registered family's edges to the schema. Edges on the same `on.field` become one
 * field that dispatches each parent to the edge of its platform.
 */
export function addEdges(catalogue: Catalogue): void {
  const kit = kitOf(catalogue);
  const groups = new Map<string, EdgeDefinition[]>();
  for (const family of catalogue.families) {
    for (const edge of family.edges?.(kit) ?? []) {
      const name = `${edge.on}.${edge.field}`;
      const group = groups.get(name) ?? [];
      if (group.some((other) => other.platform === edge.platform)) throw new Error(`Edge ${name} is declared twice for ${edge.platform}`);
      if (group.some((other) => other.returns.kind !== edge.returns.kind || other.returns.type !== edge.returns.type)) {
        throw new Error(`Edge ${name} returns different types on different platforms`);
      }
      group.push(edge);
      groups.set(name, group);
    }
  }
  for (const edges of groups.values()) addEdgeField(edges);
}

function addEdgeField(edges: readonly EdgeDefinition[]): void {
  const [first] = edges as [EdgeDefinition];
  const byPlatform = new Map(edges.map((edge) => [edge.platform, edge]));
  const description =
    edges.length === 1
      ? first.description
      : edges.map((edge) => `On ${edge.platform} ${first.on} objects: ${edge.description}`).join('\n\n');
  const limit = edges.find((edge) => edge.limit)?.limit;
  const parameters = edges.find((edge) => edge.parameters)?.parameters;
  const parameterArguments = parameters
    ? argumentsOf(parameters.endpoint, parameterSchema(parameters.endpoint, parameters.names))
    : undefined;
  builder().objectField(resourceType(first.on), first.field, (t) =>
    t.loadable({
      args: {
        ...(limit
          ? { limit: t.arg.int({ required: false, description: `Items on the page, 1 to ${limit.max} (default ${limit.default}).` }) }
          : {}),
        ...(parameterArguments?.(t as never) ?? {}),
      },
      type: first.returns.kind === 'list' ? listTypeOf(first.returns.type) : resourceType(first.returns.type),
      nullable: true,
      description,
      extensions: { upstreamCost: edges.map((edge) => edge.upstreamCost).reduce(larger) },
      load: async (keys: readonly string[], context: GraphQLContext): Promise<readonly EdgeValue[]> => {
        const results: EdgeValue[] = new Array<EdgeValue>(keys.length);
        const byEdge = new Map<EdgeDefinition, number[]>();
        keys.forEach((key, index) => {
          const edge = byPlatform.get(key.slice(0, key.indexOf(SEPARATOR)))!;
          byEdge.set(edge, [...(byEdge.get(edge) ?? []), index]);
        });
        await Promise.all(
          [...byEdge].map(async ([edge, indexes]) => {
            const loaded = await edge.load(
              indexes.map((index) => keys[index]!.slice(keys[index]!.indexOf(SEPARATOR) + 1)),
              context,
            );
            indexes.forEach((index, position) => (results[index] = loaded[position] ?? null));
          }),
        );
        return results;
      },
      resolve: (parent: Resource, args: { limit?: number | null; [argument: string]: unknown }) => {
        if (limit && args.limit != null && (args.limit < 1 || args.limit > limit.max)) {
          throw toGraphQLError(
            invalidParam('limit', `Invalid argument \`limit\`: ${first.on}.${first.field} pages hold 1 to ${limit.max} items.`),
          );
        }
        const edge = typeof parent.platform === 'string' ? byPlatform.get(parent.platform) : undefined;
        const key = edge?.key(parent, edgeArguments(edge, args)) ?? null;
        return key === null ? null : `${edge!.platform}${SEPARATOR}${key}`;
      },
    } as never),
  );
}

/** The endpoint's request schema reduced to the named parameters (a name it lacks is a programming error). */
function parameterSchema(endpoint: EndpointDefinition, names: readonly string[]): z.ZodObject {
  const { shape } = requestSchema(endpoint);
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        if (!shape[name]) throw new Error(`Endpoint ${endpoint.path} has no parameter ${name}`);
        return [name, shape[name]];
      }),
    ),
  );
}

/** The page size (or its default) and the taken-over parameters a key is built from, in their REST names. */
function edgeArguments(edge: EdgeDefinition, args: { limit?: number | null; [argument: string]: unknown }): EdgeArguments {
  const chosen: EdgeArguments = { limit: args.limit ?? edge.limit?.default };
  for (const name of edge.parameters?.names ?? []) chosen[name] = args[camelCase(name)] ?? undefined;
  return chosen;
}
