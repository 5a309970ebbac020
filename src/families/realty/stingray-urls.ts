import { schemaDrift } from '../../errors.js';
import type { Market } from './market.js';

/**
 * Every upstream URL the realty family builds, in one file. Paths are the ones Redfin's own
 * pages call (they are the keys of the page's dataCache); ids are checked before they are
 * put in a URL, so nothing read from a page can steer a request elsewhere.
 */

export const STINGRAY_PATHS = {
  initialInfo: '/stingray/api/home/details/initialInfo',
  aboveTheFold: '/stingray/api/home/details/aboveTheFold',
  belowTheFold: '/stingray/api/home/details/belowTheFold',
  /** Rental pages ask the v1 flavour of belowTheFold. */
  belowTheFoldV1: '/stingray/api/v1/home/details/belowTheFold',
  mainHouseInfo: '/stingray/api/home/details/mainHouseInfoPanelInfo',
  photoTags: '/stingray/api/photoTagsAndCaptions/',
  gis: '/stingray/api/gis',
  rentalsSearch: '/stingray/api/v1/search/rentals',
  rentalHomecards: '/stingray/api/v1/rentals/homecards',
  rentalPrefix: '/stingray/api/v1/rentals/',
  /** Not confirmed by a recorded sample: see agentProfileUrl. */
  agentProfile: '/stingray/api/agents/profile',
} as const;

export type HomeDetailsSection = 'aboveTheFold' | 'belowTheFold' | 'mainHouseInfo';
export type RentalPart = 'floorPlans' | 'amenities' | 'about';

/** Redfin's page types in home-details queries: 1 for a for-sale page, 6 for a rental page. */
export const PAGE_TYPE = { sale: 1, rental: 6 } as const;

/** The logged-out access level; the web client sends it on every home-details call. */
const ACCESS_LEVEL = 1;

const DIGITS = /^\d{1,19}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id read from a page or URL, refused unless it is plain digits. */
export function digitsId(value: unknown, what: string): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text === 'string' && DIGITS.test(text)) return text;
  throw schemaDrift(`Redfin gave a ${what} that is not a numeric id.`, { [what]: String(value) });
}

export function isRentalId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A quote as the page writes it: bare in its own JSON, `\"` inside a JSON string (a cached body). */
const QUOTE = String.raw`\\?"`;
/** A slash as the page writes it: bare, `\/` or `\u002F` (the page's script escapes slashes). */
const SLASH = String.raw`(?:\/|\\\/|\\u002F)`;
const RENTAL_ID_IN_TEXT = [
  new RegExp(`${QUOTE}rentalId${QUOTE}\\s*:\\s*${QUOTE}(${UUID_TEXT})${QUOTE}`, 'i'),
  new RegExp(['', 'stingray', 'api', 'v1', 'rentals', `(${UUID_TEXT})`, ''].join(SLASH), 'i'),
];

/** The rental id a page's text names, in its plain or JSON-escaped form; null when it names none. */
export function rentalIdInText(text: string): string | null {
  for (const pattern of RENTAL_ID_IN_TEXT) {
    const id = pattern.exec(text)?.[1];
    if (id !== undefined) return id;
  }
  return null;
}

/** /stingray/api/home/details/initialInfo?path=…: property and listing ids of a page path. */
export function initialInfoUrl(market: Market, path: string): string {
  return `${market.origin}${STINGRAY_PATHS.initialInfo}?path=${encodeURIComponent(path)}`;
}

/** aboveTheFold, belowTheFold or mainHouseInfoPanelInfo of one property (and listing, when known). */
export function homeDetailsUrl(
  market: Market,
  section: HomeDetailsSection,
  propertyId: string,
  listingId: string | null,
  pageType: number,
): string {
  const path =
    section === 'mainHouseInfo'
      ? STINGRAY_PATHS.mainHouseInfo
      : pageType === PAGE_TYPE.rental && section === 'belowTheFold'
        ? STINGRAY_PATHS.belowTheFoldV1
        : STINGRAY_PATHS[section];
  const query = new URLSearchParams({ propertyId: digitsId(propertyId, 'propertyId'), accessLevel: String(ACCESS_LEVEL) });
  if (listingId !== null) query.set('listingId', digitsId(listingId, 'listingId'));
  query.set('pageType', String(pageType));
  return `${market.origin}${path}?${query}`;
}

/** /stingray/api/gis with the web client's query (region, status, page, filters). */
export function gisUrl(market: Market, query: URLSearchParams): string {
  return `${market.origin}${STINGRAY_PATHS.gis}?${query}`;
}

/** /stingray/api/v1/search/rentals: the rentals search API (no prefix, no envelope). */
export function rentalsSearchUrl(market: Market, query: URLSearchParams): string {
  return `${market.origin}${STINGRAY_PATHS.rentalsSearch}?${query}`;
}

/** /stingray/api/v1/rentals/homecards?propertyIds=…: the rental card of one property. */
export function homecardsUrl(market: Market, propertyId: string): string {
  return `${market.origin}${STINGRAY_PATHS.rentalHomecards}?propertyIds=${digitsId(propertyId, 'propertyId')}`;
}

/** /stingray/api/v1/rentals/{rentalId}/floorPlans|amenities|about. */
export function rentalPartUrl(market: Market, rentalId: string, part: RentalPart): string {
  if (!isRentalId(rentalId)) throw schemaDrift('Redfin gave a rentalId that is not a UUID.', { rentalId });
  return `${market.origin}${STINGRAY_PATHS.rentalPrefix}${rentalId.toLowerCase()}/${part}`;
}

/**
 * The agent-profile endpoint, asked only when the agent page carries an agent id but no
 * cached profile. No public recording of it exists, so its path is a best reading of the
 * web client; a 404 or an unreadable answer falls through to the page's JSON-LD.
 */
export function agentProfileUrl(market: Market, agentId: string): string {
  return `${market.origin}${STINGRAY_PATHS.agentProfile}?agentId=${digitsId(agentId, 'agentId')}`;
}
