/** The parts of a Redfin search page path that decide what is searched. */

export type RegionKind = 'city' | 'zipcode' | 'neighborhood' | 'county';

export interface SearchPath {
  /** The path of page 1: region, rentals segment and filter, without /page-N. */
  basePath: string;
  regionKind: RegionKind;
  /** Redfin's region id (digits) where the path carries it; zip-code pages carry the zip instead. */
  regionId: string | null;
  zip: string | null;
  /** True for rentals searches (…/apartments-for-rent and the other …-for-rent pages). */
  rentals: boolean;
  /** The raw filter segment, e.g. "property-type=house,min-beds=2"; null without /filter/. */
  filter: string | null;
  /** Page number from a trailing /page-N; 1 without one. */
  page: number;
}

// Segments after the region prefix: how many belong to each region kind (name parts included).
const REGION_SEGMENTS: Record<RegionKind, number> = { city: 4, neighborhood: 5, county: 4, zipcode: 2 };
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._%'-]*$/;
const PAGE = /^page-([1-9]\d{0,3})$/;

/** Parses a search path, or returns null when it is not one. */
export function parseSearchPath(path: string): SearchPath | null {
  const segments = path.replace(/\/$/, '').split('/').slice(1);
  const regionKind = segments[0] as RegionKind;
  const size = REGION_SEGMENTS[regionKind];
  if (size === undefined || segments.length < size) return null;
  const region = segments.slice(0, size);
  if (!region.slice(1).every((segment) => SLUG.test(segment))) return null;
  const regionId = regionKind === 'zipcode' ? null : region[1]!;
  if (regionId !== null && !/^\d+$/.test(regionId)) return null;
  if (regionKind !== 'zipcode' && !/^[A-Za-z]{2}$/.test(region[2]!)) return null;

  const rest = segments.slice(size);
  let rentals = false;
  let filter: string | null = null;
  let page = 1;
  if (rest[0] !== undefined && /-for-rent$/.test(rest[0])) {
    rentals = true;
    rest.shift();
  }
  if (rest[0] === 'filter') {
    filter = rest[1] ?? null;
    if (filter === null || filter === '') return null;
    rest.splice(0, 2);
  }
  const pageMatch = rest[0] === undefined ? null : PAGE.exec(rest[0]);
  if (pageMatch) {
    page = Number(pageMatch[1]);
    rest.shift();
  }
  if (rest.length > 0) return null;

  const basePath = '/' + segments.slice(0, segments.length - (pageMatch ? 1 : 0)).join('/');
  return { basePath, regionKind, regionId, zip: regionKind === 'zipcode' ? region[1]! : null, rentals, filter, page };
}

/** The page URL of results page `page` (page 1 has no /page-N suffix). */
export function searchPageUrl(origin: string, search: SearchPath, page: number): string {
  return origin + search.basePath + (page > 1 ? `/page-${page}` : '');
}
