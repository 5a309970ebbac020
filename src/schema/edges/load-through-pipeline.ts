import type { Catalogue } from '../../catalogue/catalogue.js';
import type { EndpointDefinition } from '../../catalogue/endpoint.js';
import { validateRequest } from '../../pipeline/params.js';
import type { GraphQLContext } from '../context.js';
import { toGraphQLError } from '../errors.js';
import { resourceFrom } from '../root-fields.js';
import type { EdgeLoad, EdgeValue } from '../../catalogue/edge.js';

export function endpointAt(catalogue: Catalogue, path: string): EndpointDefinition {
  const endpoint = catalogue.byPath.get(path);
  if (!endpoint) throw new Error(`Graph edge needs ${path}, which the catalogue lacks`);
  return endpoint;
}

/**
 * A DataLoader batch function that runs each distinct key through the pipeline, all at
 * once (each is its own live fetch and charge). A failed key becomes that key's error;
 * an empty result becomes null.
 */
export function loadSingles(endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad {
  return (keys: readonly string[], context: GraphQLContext) =>
    Promise.all(
      keys.map(async (key): Promise<EdgeValue> => {
        try {
          const outcome = await context.run(endpoint, validateRequest(endpoint, paramsFor(key)));
          const { data } = outcome.payload;
          return data === null ? null : resourceFrom(data, outcome);
        } catch (error) {
          return toGraphQLError(error);
        }
      }),
    );
}

/** Key under which the context an edge's load receives carries the upstream page cursor to start at. */
const PAGE_CURSOR = Symbol('pageCursor');

/**
 * The context for a load of pages that start at an upstream page cursor (an edge asked with
 * `after`): the kit's list loader adds it to the endpoint's parameters.
 */
export function withPageCursor(context: GraphQLContext, cursor: string): GraphQLContext {
  return Object.assign(Object.create(context) as GraphQLContext, { [PAGE_CURSOR]: cursor });
}

const listEndpoints = new WeakMap<EdgeLoad, EndpointDefinition>();

/** The endpoint a load made by loadLists runs, or undefined for a family's own load (which knows no page cursor). */
export const kitListEndpoint = (load: EdgeLoad): EndpointDefinition | undefined => listEndpoints.get(load);

/** As loadSingles, for list endpoints; a page cursor in the context starts each page there. */
export function loadLists(endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad {
  const load = (keys: readonly string[], context: GraphQLContext) =>
    Promise.all(
      keys.map(async (key): Promise<EdgeValue> => {
        try {
          const cursor = (context as GraphQLContext & { [PAGE_CURSOR]?: string })[PAGE_CURSOR];
          const params = cursor === undefined ? paramsFor(key) : { ...paramsFor(key), cursor };
          const outcome = await context.run(endpoint, validateRequest(endpoint, params));
          const { payload } = outcome;
          return {
            items: (payload.data as { items: Record<string, unknown>[] }).items,
            pagination: payload.pagination ?? { cursor: null, hasMore: false },
            raw: null,
            fetchedAt: outcome.fetchedAt,
          };
        } catch (error) {
          return toGraphQLError(error);
        }
      }),
    );
  listEndpoints.set(load, endpoint);
  return load;
}
