import type { Upstream } from '../upstream/types.js';

/** What a family's fetch function returns for a single-resource endpoint. `data: null` is an empty result. */
export interface SingleResult<T> {
  data: T | null;
  /** The untouched upstream payload (plus endpoint-specific extras such as `via`). */
  raw: unknown;
  /** Why the result is empty (meta.reason), e.g. "not_found", "private", "quarantined". */
  emptyReason?: string;
  /** What a partial result could not read (meta.warnings), e.g. "rental card unavailable: price unknown". */
  warnings?: string[];
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
  /** What a partial result could not read (meta.warnings). */
  warnings?: string[];
}

export type EndpointResult<T> = SingleResult<T> | ListResult<T>;

/** Everything a fetch function may use. */
export interface FetchContext {
  upstream: Upstream;
  /** ISO 8601 time of this fetch; every normalised resource carries it as fetchedAt. */
  fetchedAt: string;
  signal?: AbortSignal;
}
