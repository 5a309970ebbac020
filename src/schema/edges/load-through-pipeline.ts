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

/** As loadSingles, for list endpoints. */
export function loadLists(endpoint: EndpointDefinition, paramsFor: (key: string) => Record<string, unknown>): EdgeLoad {
  return (keys: readonly string[], context: GraphQLContext) =>
    Promise.all(
      keys.map(async (key): Promise<EdgeValue> => {
        try {
          const outcome = await context.run(endpoint, validateRequest(endpoint, paramsFor(key)));
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
}
