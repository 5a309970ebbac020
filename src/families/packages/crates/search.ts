import type { Package } from '../model.js';
import { array, record, text, type Json } from '../normalise/values.js';
import { withQuery } from '../upstream/fetch.js';
import { API_ORIGIN, cratesPackage } from './crate.js';

/** crates.io's list endpoint (`/api/v1/crates?q=&per_page=`), continued by `meta.next_page` as given. */

export const cratesSearchUrl = (query: string, perPage: number): string =>
  withQuery(`${API_ORIGIN}/crates`, { q: query, per_page: perPage });

/** The next page's URL from the answer's own `next_page` (a query string such as `?q=rust&seek=…`). */
export const cratesNextUrl = (nextPage: string): string => `${API_ORIGIN}/crates${nextPage}`;

export function cratesSearchPage(body: Json, fetchedAt: string): { items: Package[]; nextPage: string | null; total: number | null } {
  const items = array(body.crates)
    .map((each) => record(each))
    .map((crate) => (crate === null ? null : cratesPackage(crate, [], fetchedAt)))
    .filter((each) => each !== null);
  const meta = record(body.meta);
  const total = typeof meta?.total === 'number' ? meta.total : null;
  return { items, nextPage: text(meta?.next_page), total };
}
