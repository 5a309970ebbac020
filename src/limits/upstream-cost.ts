import type { UpstreamCost } from '../catalogue/edge.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { limitBounds } from '../catalogue/page-bounds.js';

declare module 'graphql' {
  interface GraphQLFieldExtensions<_TSource, _TContext, _TArgs> {
    upstreamCost?: UpstreamCost;
  }
}

/** A list endpoint without a size argument and without a declared bound is assumed to serve up to this many items. */
export const UNDECLARED_PAGE_SIZE = 100;

/**
 * The cost of the field that runs `endpoint` once: one fetch, and for a list endpoint the
 * page size, read from its `limit` parameter (default and maximum) when it has one, else
 * from the declared `returns.maxItems`.
 */
export function endpointCost(endpoint: EndpointDefinition, options: { sizeArgument?: string } = {}): UpstreamCost {
  if (endpoint.returns.kind !== 'list') return { fetches: 1 };
  const limit = limitBounds(endpoint);
  if (limit) return { fetches: 1, page: { ...(options.sizeArgument ? { argument: options.sizeArgument } : {}), ...limit } };
  const bound = endpoint.returns.maxItems ?? UNDECLARED_PAGE_SIZE;
  return { fetches: 1, page: { default: bound, max: bound } };
}
