import { z } from 'zod';
import type { EndpointDefinition } from '../../catalogue/endpoint.js';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { invalidParam } from '../../errors.js';
import { builder } from '../builder.js';
import { toGraphQLError } from '../errors.js';
import type { GraphQLContext } from '../context.js';
import type { UpstreamCost } from '../../catalogue/edge.js';
import { requestSchema } from '../../pipeline/params.js';
import { argumentsOf, camelCase } from '../root-fields.js';
import type { Resource, ResourceList } from '../../catalogue/resource.js';
import { listTypeOf, resourceType } from '../types/resources.js';
import type { EdgeArguments, EdgeDefinition, EdgeValue } from '../../catalogue/edge.js';
import { kitListEndpoint, withPageCursor } from './load-through-pipeline.js';
import { edgeKitOf } from './edge-kit.js';
import { relayArguments } from '../connections/arguments.js';
import { planPage, refuseBothSpellings, windowPage, type PagePlan, type PageShape } from '../connections/paging.js';

/** The larger of two costs: a field shared by several platforms is bounded by its most expensive one. */
function larger(a: UpstreamCost, b: UpstreamCost): UpstreamCost {
  if (a.fetches !== b.fetches) return a.fetches > b.fetches ? a : b;
  return (a.page?.max ?? 0) >= (b.page?.max ?? 0) ? a : b;
}

/** Separates the platform and the page from the key, so one loader serves the edges of every platform of a field. */
const SEPARATOR = '\u0000';

/**
 * Adds every registered family's edges to the schema. Edges on the same `on.field` become one
 * field that dispatches each parent to the edge of its platform.
 */
export function addEdges(catalogue: Catalogue): void {
  const kit = edgeKitOf(catalogue);
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
  const list = first.returns.kind === 'list';
  const listName = `${first.on}.${first.field}`;
  const shapes = new Map(edges.map((edge) => [edge, edgePageShape(edge)]));
  builder().objectField(resourceType(first.on), first.field, (t) =>
    t.loadable({
      args: {
        ...(limit
          ? { limit: t.arg.int({ required: false, description: `Items on the page, 1 to ${limit.max} (default ${limit.default}).` }) }
          : {}),
        ...(parameterArguments?.(t as never) ?? {}),
        ...(list ? relayArguments(t as never, widestShape([...shapes.values()])) : {}),
      },
      type: list ? listTypeOf(first.returns.type) : resourceType(first.returns.type),
      nullable: true,
      description,
      extensions: { upstreamCost: edges.map((edge) => edge.upstreamCost).reduce(larger) },
      load: async (keys: readonly string[], context: GraphQLContext): Promise<readonly EdgeValue[]> => {
        const results: EdgeValue[] = new Array<EdgeValue>(keys.length);
        // One load per platform and upstream page cursor: the kit's loader reads the cursor from the context.
        const calls = new Map<string, { edge: EdgeDefinition; kitCursor: string | null; indexes: number[]; keys: string[] }>();
        keys.forEach((key, index) => {
          const { platform, page, familyKey } = splitKey(key);
          const call = `${platform}${SEPARATOR}${page?.kitCursor ?? ''}`;
          const entry = calls.get(call) ?? { edge: byPlatform.get(platform)!, kitCursor: page?.kitCursor ?? null, indexes: [], keys: [] };
          entry.indexes.push(index);
          entry.keys.push(familyKey);
          calls.set(call, entry);
        });
        await Promise.all(
          [...calls.values()].map(async ({ edge, kitCursor, indexes, keys: familyKeys }) => {
            const loaded = await edge.load(familyKeys, kitCursor === null ? context : withPageCursor(context, kitCursor));
            indexes.forEach((index, position) => {
              const value = loaded[position] ?? null;
              const own = splitKey(keys[index]!).page;
              results[index] = own && isList(value) ? windowPage(value, listName, shapes.get(edge)!, own.plan, own.served) : value;
            });
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
        if (!edge) return null;
        const page = list ? edgePage(edge, shapes.get(edge)!, listName, args) : null;
        const key = edge.key(parent, edgeArguments(edge, page ? { ...args, ...page.arguments } : args));
        return key === null ? null : joinKey(edge.platform, page, key);
      },
    } as never),
  );
}

/** What a list edge's key carries besides the family's key: the page asked with first/after. */
interface EdgePage {
  plan: PagePlan | null;
  served: { requestedCursor: string | null; fetchSize: number | null };
  /** The upstream page cursor the kit's loader adds to the endpoint's parameters. */
  kitCursor: string | null;
}

/**
 * The page a list edge is asked for. A page size reaches the family's key as `limit`; a page
 * cursor as the `cursor` parameter the edge takes over, or else through the kit's list loader.
 */
function edgePage(
  edge: EdgeDefinition,
  shape: PageShape,
  listName: string,
  args: { limit?: number | null; [argument: string]: unknown },
): EdgePage & { arguments: Record<string, unknown> } {
  let plan: PagePlan | null;
  try {
    refuseBothSpellings(args, { size: true, cursor: true });
    const first = (args.first as number | null | undefined) ?? (args.after == null ? null : (args.limit ?? null));
    plan = planPage(listName, shape, { first, after: args.after as string | null | undefined }, args.first == null ? 'limit' : 'first');
  } catch (error) {
    throw toGraphQLError(error);
  }
  const takesCursor = edge.parameters?.names.includes('cursor') ?? false;
  const pageCursor = plan?.place.pageCursor ?? null;
  const fetchSize = plan?.fetchSize ?? args.limit ?? edge.limit?.default ?? null;
  const requestedCursor = pageCursor ?? (typeof args.cursor === 'string' ? args.cursor : null);
  return {
    plan,
    served: { requestedCursor, fetchSize },
    kitCursor: takesCursor ? null : pageCursor,
    arguments: { limit: fetchSize ?? undefined, ...(takesCursor && pageCursor !== null ? { cursor: pageCursor } : {}) },
  };
}

/** How an edge pages: its page size bounds, and whether a page cursor can reach its endpoint. */
function edgePageShape(edge: EdgeDefinition): PageShape {
  const page = edge.upstreamCost.page ?? { default: 1, max: 1 };
  const kitEndpoint = kitListEndpoint(edge.load);
  const kitCursor = kitEndpoint !== undefined && 'cursor' in requestSchema(kitEndpoint).shape;
  return {
    sizeParameter: edge.limit !== undefined,
    cursorParameter: kitCursor || (edge.parameters?.names.includes('cursor') ?? false),
    defaultSize: edge.limit?.default ?? page.default,
    maxSize: edge.limit?.max ?? page.max,
  };
}

/** The arguments' bounds for a field several platforms share: the most any of them allows. */
const widestShape = (shapes: PageShape[]): PageShape => ({
  sizeParameter: shapes.some((shape) => shape.sizeParameter),
  cursorParameter: shapes.some((shape) => shape.cursorParameter),
  defaultSize: Math.max(...shapes.map((shape) => shape.defaultSize)),
  maxSize: Math.max(...shapes.map((shape) => shape.maxSize)),
});

const isList = (value: EdgeValue): value is ResourceList => value !== null && !(value instanceof Error) && Array.isArray(value.items);

function joinKey(platform: string, page: EdgePage | null, familyKey: string): string {
  const token = page ? JSON.stringify([page.plan, page.served, page.kitCursor]) : '';
  return `${platform}${SEPARATOR}${token}${SEPARATOR}${familyKey}`;
}

function splitKey(key: string): { platform: string; page: EdgePage | null; familyKey: string } {
  const platformEnd = key.indexOf(SEPARATOR);
  const tokenEnd = key.indexOf(SEPARATOR, platformEnd + 1);
  const token = key.slice(platformEnd + 1, tokenEnd);
  const page = token === '' ? null : (JSON.parse(token) as [PagePlan | null, EdgePage['served'], string | null]);
  return {
    platform: key.slice(0, platformEnd),
    page: page ? { plan: page[0], served: page[1], kitCursor: page[2] } : null,
    familyKey: key.slice(tokenEnd + 1),
  };
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
