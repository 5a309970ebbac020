import type { PropertyListing } from '../model.js';
import type { Market } from '../market.js';
import { absoluteUrl, cleanText, formatAddress } from '../parse/values.js';
import type { GisHome } from '../search/search-schemas.js';
import { listingStatusOf, SEARCH_STATUS_WORDING, wordingOfCode } from '../status.js';
import { blankListing } from './blank-listing.js';

/**
 * A short PropertyListing from a gis-style home card (as on search pages and agent
 * profiles): what the card shows, everything else null. Null without a numeric property id.
 */
export function gisHomeListing(home: GisHome, market: Market, fetchedAt: string): PropertyListing | null {
  if (!home.propertyId || !/^\d+$/.test(home.propertyId)) return null;
  const line1 = home.streetLine ?? null;
  const city = home.city ?? null;
  const region = home.state ?? null;
  const postalCode = home.zip ?? null;
  const area = home.sqFt ?? null;
  const lotArea = home.lotSize ?? null;
  return {
    ...blankListing(home.propertyId, fetchedAt),
    url: absoluteUrl(market.origin, home.url),
    status: listingStatusOf(home.mlsStatus ?? wordingOfCode(SEARCH_STATUS_WORDING, home.searchStatus)),
    price: home.price ?? null,
    currency: market.currency,
    pricePerArea: home.pricePerSqFt ?? null,
    address: {
      line1,
      unit: null,
      city,
      region,
      postalCode,
      country: home.countryCode ?? market.country,
      formatted: formatAddress(line1, city, region, postalCode),
    },
    latitude: home.latLong?.latitude ?? null,
    longitude: home.latLong?.longitude ?? null,
    beds: home.beds ?? null,
    baths: home.baths ?? null,
    area,
    areaUnit: area === null ? null : 'sqft',
    lotArea,
    lotAreaUnit: lotArea === null ? null : 'sqft',
    yearBuilt: home.yearBuilt ?? null,
    description: cleanText(home.listingRemarks),
  };
}
