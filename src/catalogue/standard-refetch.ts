import type { RefetchDeclaration } from './family.js';
import { textOf } from './standard-edges.js';

/**
 * The refetch most resources have: the key is one string field of the resource (an id, a URL, a
 * handle), fetched again as one parameter of a single-resource endpoint. `fixed` are parameters
 * the same for every resource of the declaration (the registry of a platform's packages).
 */
export function refetchByField(
  type: string,
  platform: string,
  field: string,
  fetchWith: { endpoint: `/v1/${string}`; param: string; fixed?: Record<string, unknown> },
): RefetchDeclaration {
  return {
    type,
    platform,
    key: (resource) => textOf(resource[field]),
    fetch: (key) => ({ endpoint: fetchWith.endpoint, params: { ...fetchWith.fixed, [fetchWith.param]: key } }),
  };
}

/**
 * A resource found by several of its string fields at once (a product by its store and handle):
 * the key is their values joined by `/`, which none of them may hold, each the parameter of the
 * same position in `params`. A key of any other number of parts, or an empty one, names nothing.
 */
export function refetchByFields(
  type: string,
  platform: string,
  fields: readonly string[],
  fetchWith: { endpoint: `/v1/${string}`; params: readonly string[] },
): RefetchDeclaration {
  return {
    type,
    platform,
    key: (resource) => {
      const values = fields.map((field) => textOf(resource[field]));
      return values.includes(null) ? null : values.join('/');
    },
    fetch: (key) => {
      const values = key.split('/');
      if (values.length !== fetchWith.params.length || values.includes('')) return null;
      return { endpoint: fetchWith.endpoint, params: Object.fromEntries(fetchWith.params.map((param, index) => [param, values[index]])) };
    },
  };
}
