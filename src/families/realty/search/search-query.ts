import type { CachedAnswer } from '../parse/data-cache.js';
import { apiFilters } from './filters.js';
import type { RegionKind, SearchPath } from './search-path.js';

/** Redfin's region_type codes of the region kinds a search path names. */
export const REGION_TYPE: Readonly<Record<RegionKind, string>> = { neighborhood: '1', zipcode: '2', county: '5', city: '6' };

/** Results per page asked from gis in the fallback (a search page lists 40). */
export const GIS_PAGE_SIZE = 40;
/** Results per page asked from the rentals API in the fallback (its page size in the web client). */
export const RENTALS_PAGE_SIZE = 350;

export interface Region {
  id: string;
  type: string;
}

/**
 * The search's region: from the path when it carries a Redfin region id (city, neighborhood,
 * county), else from a region id the page's own API requests used (zip-code pages name the
 * zip, not Redfin's region id).
 */
export function regionOf(search: SearchPath, cache: readonly CachedAnswer[] | null): Region | null {
  if (search.regionId !== null) return { id: search.regionId, type: REGION_TYPE[search.regionKind] };
  for (const answer of cache ?? []) {
    const { region_id: id, region_type: type } = answer.query;
    if (id !== undefined && type === REGION_TYPE[search.regionKind] && /^\d+$/.test(id)) return { id, type };
  }
  return null;
}

/**
 * The gis or rentals query equivalent to the page, or null when the page's filters cannot
 * be expressed (the caller then reads the page's JSON-LD). Parameters follow the web client.
 *
 * Rentals paging: recordings show only page_number=1, and other public clients page the
 * rentals API with a `start` offset (keeping page_number=1), as the web client's own first
 * request carries page_number=1 with start=0. The query therefore carries both, consistent
 * with each other (start = (page - 1) × num_homes), so a server that honours either one
 * answers the same page; startOnlyQuery is the retry for one that would add them up.
 */
export function apiQuery(search: SearchPath, region: Region, page: number): URLSearchParams | null {
  const filters = apiFilters(search.filter);
  if (filters === null) return null;
  const query = search.rentals
    ? new URLSearchParams({ al: '1', isRentals: 'true', num_homes: String(RENTALS_PAGE_SIZE), ord: 'days-on-redfin-asc' })
    : new URLSearchParams({ al: '1', num_homes: String(GIS_PAGE_SIZE), ord: 'redfin-recommended-asc' });
  query.set('page_number', String(page));
  query.set('region_id', region.id);
  query.set('region_type', region.type);
  for (const [name, value] of filters) query.set(name, value);
  if (search.rentals) query.set('start', String(rentalsOffset(page)));
  query.set('status', '9');
  query.set('v', '8');
  return query;
}

/** The offset of the first home of a rentals page. */
export function rentalsOffset(page: number): number {
  return (page - 1) * RENTALS_PAGE_SIZE;
}

/** The same rentals query in the start-only style: page_number 1, the offset in start. */
export function startOnlyQuery(query: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(query);
  copy.set('page_number', '1');
  return copy;
}
