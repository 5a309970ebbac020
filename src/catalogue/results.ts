import type { Upstream } from './upstream.js';

/** What a family's fetch function returns for a single-resource endpoint. `data: null` is an empty result. */
export interface SingleResult<T> {
  data: T | null;
  /** The untouched upstream payload (plus endpoint-specific extras such as `via`). */
  raw: unknown;
  /** Why the result is empty (meta.reason), e.g. "not_found", "private", "quarantined". */
  emptyReason?: string;
  /** What could not be read of a partial result (meta.warnings); such a result is served but not cached. */
  warnings?: string[];
  /**
   * What a complete result deliberately leaves out (meta.warnings on the live answer), e.g. items
   * withheld at their author's request: unlike `warnings`, the result is cached like any other.
   */
  notices?: string[];
}

export interface Pagination {
  cursor: string | null;
  hasMore: boolean;
}

/** What a family's fetch function returns for a list endpoint. `items: []` is an empty result. */
export interface ListResult<T> {
  items: T[];
  pagination: Pagination;
  raw: unknown;
  emptyReason?: string;
  warnings?: string[];
  /**
   * What a complete result deliberately leaves out (meta.warnings on the live answer), e.g. items
   * withheld at their author's request: unlike `warnings`, the result is cached like any other.
   */
  notices?: string[];
}

export type EndpointResult<T> = SingleResult<T> | ListResult<T>;

/** Everything a fetch function may use. */
export interface FetchContext {
  upstream: Upstream;
  /** ISO 8601 time of this fetch; every normalised resource carries it as fetchedAt. */
  fetchedAt: string;
  signal?: AbortSignal;
}
