import type { Availability, ListingStatus } from './model.js';

/**
 * THE status table: Redfin's listing-status wording (as shown on listing pages, search
 * cards and MLS status fields) to the spec's ListingStatus. Wording is compared without
 * case, punctuation or extra spaces. Wording that is present but not in this table reads
 * as `unknown`; a listing without any status wording reads as null.
 */
export const REDFIN_STATUS_TABLE: readonly { redfin: string; status: ListingStatus }[] = [
  { redfin: 'Active', status: 'active' },
  { redfin: 'For Sale', status: 'active' },
  { redfin: 'For Rent', status: 'active' },
  { redfin: 'Coming Soon', status: 'active' },
  { redfin: 'Back On Market', status: 'active' },
  { redfin: 'InStock (JSON-LD offer availability)', status: 'active' },
  { redfin: 'Pending', status: 'pending' },
  { redfin: 'Pending - Taking Backups', status: 'pending' },
  { redfin: 'Pending - Continue to Show', status: 'pending' },
  { redfin: 'Sale Pending', status: 'pending' },
  { redfin: 'Contingent', status: 'under_offer' },
  { redfin: 'Active Contingent', status: 'under_offer' },
  { redfin: 'Active Under Contract', status: 'under_offer' },
  { redfin: 'Under Contract', status: 'under_offer' },
  { redfin: 'Active With Contract', status: 'under_offer' },
  { redfin: 'Active Kick Out', status: 'under_offer' },
  { redfin: 'Active Option Contract', status: 'under_offer' },
  { redfin: 'Accepting Backups', status: 'under_offer' },
  { redfin: 'Backup Offer', status: 'under_offer' },
  { redfin: 'Sold', status: 'sold' },
  { redfin: 'Closed', status: 'sold' },
  { redfin: 'Recently Sold', status: 'sold' },
  { redfin: 'Sold (MLS)', status: 'sold' },
  { redfin: 'Sold (Public Records)', status: 'sold' },
  { redfin: 'Rented', status: 'rented' },
  { redfin: 'Leased', status: 'rented' },
  { redfin: 'Off Market', status: 'off_market' },
  { redfin: 'Temporarily Off Market', status: 'off_market' },
  { redfin: 'Withdrawn', status: 'off_market' },
  { redfin: 'Expired', status: 'off_market' },
  { redfin: 'Cancelled', status: 'off_market' },
  { redfin: 'Canceled', status: 'off_market' },
  { redfin: 'Delisted', status: 'off_market' },
  { redfin: 'Hold', status: 'off_market' },
  { redfin: 'On Hold', status: 'off_market' },
];

/**
 * Numeric status codes seen in Redfin bodies, as the wording they stand for; used only when
 * a body has no wording. Only codes whose meaning a recorded body shows are listed (gis and
 * home-details `searchStatus` 1 beside "Active", 8 beside "Coming Soon"; rentals API `status`
 * 1 on rentals with available units). Other codes read as `unknown`.
 */
export const SEARCH_STATUS_WORDING: Readonly<Record<number, string>> = { 1: 'Active', 8: 'Coming Soon' };
export const RENTAL_STATUS_WORDING: Readonly<Record<number, string>> = { 1: 'For Rent' };

const normalise = (wording: string): string =>
  wording
    .replace(/\(JSON-LD offer availability\)/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const STATUS_BY_WORDING = new Map(REDFIN_STATUS_TABLE.map((row) => [normalise(row.redfin), row.status]));

/** ListingStatus of Redfin wording: the table's value, `unknown` when unlisted, null when absent. */
export function listingStatusOf(wording: string | null | undefined): ListingStatus | null {
  if (typeof wording !== 'string' || wording.trim() === '') return null;
  return STATUS_BY_WORDING.get(normalise(wording)) ?? 'unknown';
}

/** Wording of a numeric code from one of the code tables; `Unknown code N` when unlisted. */
export function wordingOfCode(table: Readonly<Record<number, string>>, code: number | null | undefined): string | null {
  if (typeof code !== 'number') return null;
  return table[code] ?? `Unknown code ${code}`;
}

/**
 * THE availability table of search results, from the listing status. Rows are tried in
 * order; a row with `redfin` wording applies only to that wording. Coming Soon homes are
 * on the market but cannot be bought yet, hence `preorder`.
 */
export const AVAILABILITY_TABLE: readonly { status: ListingStatus; redfin?: string; availability: Availability }[] = [
  { status: 'active', redfin: 'Coming Soon', availability: 'preorder' },
  { status: 'active', availability: 'in_stock' },
  { status: 'pending', availability: 'out_of_stock' },
  { status: 'under_offer', availability: 'out_of_stock' },
  { status: 'sold', availability: 'out_of_stock' },
  { status: 'rented', availability: 'out_of_stock' },
  { status: 'off_market', availability: 'discontinued' },
  { status: 'unknown', availability: 'unknown' },
];

/** Availability of a result from its Redfin status wording; null when the result has no status. */
export function availabilityOf(wording: string | null | undefined): Availability | null {
  const status = listingStatusOf(wording);
  if (status === null) return null;
  const key = normalise(wording ?? '');
  const row = AVAILABILITY_TABLE.find((each) => each.status === status && (each.redfin === undefined || normalise(each.redfin) === key));
  return row?.availability ?? 'unknown';
}
