import type { RefetchDeclaration } from './family.js';
import { textOf } from './standard-edges.js';

/**
 * The refetch most resources have: the key is one string field of the resource (an id, a URL, a
 * handle), fetched again as one parameter of a single-resource endpoint.
 */
export function refetchByField(
  type: string,
  platform: string,
  field: string,
  fetchWith: { endpoint: `/v1/${string}`; param: string },
): RefetchDeclaration {
  return {
    type,
    platform,
    key: (resource) => textOf(resource[field]),
    fetch: (key) => ({ endpoint: fetchWith.endpoint, params: { [fetchWith.param]: key } }),
  };
}
