import type { SearchResultItem } from '../model.js';
import type { RentalHome } from '../listing/rental-schemas.js';
import type { Market } from '../market.js';
import { REALTY_PLATFORM } from '../market.js';
import { absoluteUrl, distinctStrings, formatAddress } from '../parse/values.js';
import { availabilityOf, RENTAL_STATUS_WORDING, SEARCH_STATUS_WORDING, wordingOfCode } from '../status.js';
import type { GisHome } from './search-schemas.js';

/** Badges that label a paid placement; a result without one is unlabelled (isSponsored null). */
const SPONSORED_BADGE = /^(sponsored|promoted|ad|advertisement)$/i;

export interface ItemContext {
  market: Market;
  fetchedAt: string;
}

function blankItem(position: number, context: ItemContext): SearchResultItem {
  return {
    platform: REALTY_PLATFORM,
    position,
    id: null,
    title: null,
    url: null,
    thumbnailUrl: null,
    price: null,
    currency: context.market.currency,
    listPrice: null,
    rating: null,
    reviewCount: null,
    sellerName: null,
    availability: null,
    badges: [],
    isSponsored: null,
    fetchedAt: context.fetchedAt,
  };
}

/**
 * A gis (for-sale search) home as a result. gis cards carry photo ranges, not photo URLs,
 * so thumbnailUrl stays null; gis has no sponsored flag, so only a sponsored badge sets it.
 */
export function gisItem(home: GisHome, position: number, context: ItemContext): SearchResultItem {
  const title = formatAddress(home.streetLine ?? null, home.city ?? null, home.state ?? null, home.zip ?? null);
  const url = absoluteUrl(context.market.origin, home.url);
  const badges = distinctStrings(home.sashes.map((sash) => sash.sashTypeName));
  return {
    ...blankItem(position, context),
    id: home.propertyId ?? url ?? title,
    title,
    url,
    price: home.price ?? null,
    // The listing brokerage: recorded gis homes name it at listingBroker.name.
    sellerName: home.listingBroker?.name ?? home.brokerName ?? null,
    availability: availabilityOf(home.mlsStatus ?? wordingOfCode(SEARCH_STATUS_WORDING, home.searchStatus)),
    badges,
    isSponsored: badges.some((badge) => SPONSORED_BADGE.test(badge)) ? true : null,
  };
}

/**
 * A rentals-API home as a result: price is the lowest rent (rentPriceRange.min), the title
 * a building's name or the street line. `isCommercialPaid` is the rentals API's explicit
 * paid-listing flag, so it sets isSponsored either way; without it the result is unlabelled.
 */
export function rentalItem(home: RentalHome, position: number, context: ItemContext): SearchResultItem {
  const address = home.homeData?.addressInfo;
  const rental = home.rentalExtension;
  const url = absoluteUrl(context.market.origin, home.homeData?.url);
  const title =
    rental?.propertyName ??
    formatAddress(address?.formattedStreetLine ?? null, address?.city ?? null, address?.state ?? null, address?.zip ?? null);
  const badges = distinctStrings((home.homeData?.sashes ?? []).map((sash) => sash.sashTypeName));
  const paid = rental?.isCommercialPaid;
  return {
    ...blankItem(position, context),
    id: home.homeData?.propertyId ?? url ?? title,
    title,
    url,
    price: rental?.rentPriceRange?.min ?? null,
    availability: availabilityOf(wordingOfCode(RENTAL_STATUS_WORDING, rental?.status)),
    badges,
    isSponsored: typeof paid === 'boolean' ? paid : badges.some((badge) => SPONSORED_BADGE.test(badge)) ? true : null,
  };
}
