import type { ListResult, Pagination, SingleResult } from './results.js';

/**
 * The empty results every family serves: nothing to show, why (meta.reason) and what raw keeps
 * of the upstream answer. Each call builds new objects, so no answer shares one with another.
 */

/** The pagination of a list that ends here. */
export const lastPage = (): Pagination => ({ cursor: null, hasMore: false });

export const emptySingleResult = (reason: string, raw: unknown): SingleResult<never> => ({ data: null, raw, emptyReason: reason });

export const emptyListResult = (reason: string, raw: unknown): ListResult<never> => ({
  items: [],
  pagination: lastPage(),
  raw,
  emptyReason: reason,
});
