import type { Address, PropertyListing } from '../model.js';
import type { Market } from '../market.js';
import { absoluteUrl, cleanText, formatAddress } from '../parse/values.js';
import { listingStatusOf, RENTAL_STATUS_WORDING, wordingOfCode } from '../status.js';
import { amenitiesFromDetails, amenitiesFromRentalLists } from './amenities.js';
import { BLANK_ADDRESS, blankListing } from './blank-listing.js';
import { floorPlanImageUrls, type FloorPlanSummary } from './floor-plans.js';
import { listedAtOf, priceEvents } from './history.js';
import type { AboveTheFold, BelowTheFold } from './home-details-schemas.js';
import { photoUrlsOf, type ListingContext } from './home-listing.js';
import type { FloorPlans, RentalAbout, RentalHome } from './rental-schemas.js';
import { schoolsOf } from './schools.js';

/**
 * The rentals answers of one rental page. The home card is the core; without it (a partial
 * listing) price, address and figures come from the floor plans where a building has them.
 */
export interface RentalSections {
  home: RentalHome | null;
  about: RentalAbout | null;
  amenities: Record<string, unknown> | null;
  floorPlans: FloorPlans | null;
  /** The floor plans read into unit types and ranges. */
  plans: FloorPlanSummary | null;
  below: BelowTheFold | null;
  above: AboveTheFold | null;
}

/** Wording of a rent: a single unit's rent, or a building's lowest rent across its units. */
export const RENT_QUALIFIER = { single: 'per month', building: 'starting at, per month' } as const;

type Range = { min?: number | null; max?: number | null } | null | undefined;

/**
 * A building (several units, or a named property with a rent range) rather than one unit.
 * Its price is the starting rent and its per-unit figures (beds, baths, area) are ranges,
 * which go to raw.unitRange instead of being flattened to one number.
 */
export function isMultiUnit(home: RentalHome | null, pathKind: 'home' | 'apartment', plans: FloorPlanSummary | null = null): boolean {
  if (plans !== null && (plans.totalUnits > 1 || plans.availableUnitTypes > 1)) return true;
  const rental = home?.rentalExtension;
  const rent = rental?.rentPriceRange;
  return (
    pathKind === 'apartment' ||
    Boolean(rental?.propertyName) ||
    (rental?.numAvailableUnits ?? 0) > 1 ||
    (rent?.min != null && rent.max != null && rent.min !== rent.max)
  );
}

/**
 * A for-rent PropertyListing from the rentals answers. Rents are monthly; areas are square
 * feet. The card's figures come first; a building's floor plans fill what the card lacks.
 */
export function rentalListing(sections: RentalSections, context: ListingContext, multiUnit: boolean): PropertyListing {
  const { home, about, below, above, plans } = sections;
  const rental = home?.rentalExtension;
  const events = below?.propertyHistoryInfo?.events ?? [];
  const listAmenities = amenitiesFromRentalLists(sections.amenities);
  const area = single(rental?.sqftRange) ?? single(plans?.sqft);
  const latLong = home?.homeData?.addressInfo?.centroid?.centroid;
  // The lowest rent: the card's, else the lowest rent of the available floor plans.
  const price = rental?.rentPriceRange?.min ?? plans?.rent?.min ?? null;

  return {
    ...blankListing(context.propertyId, context.fetchedAt),
    url: absoluteUrl(context.market.origin, home?.homeData?.url) ?? context.pageUrl,
    listingType: 'rent',
    status: listingStatusOf(wordingOfCode(RENTAL_STATUS_WORDING, rental?.status)),
    price,
    currency: context.market.currency,
    priceQualifier: price === null ? null : multiUnit ? RENT_QUALIFIER.building : RENT_QUALIFIER.single,
    address: home === null ? { ...BLANK_ADDRESS } : rentalAddress(home, context.market),
    latitude: latLong?.latitude ?? null,
    longitude: latLong?.longitude ?? null,
    beds: single(rental?.bedRange) ?? single(plans?.beds),
    baths: single(rental?.bathRange) ?? single(plans?.baths),
    area,
    areaUnit: area === null ? null : 'sqft',
    propertyType:
      below?.publicRecordsInfo?.latestListingInfo?.propertyTypeName ?? below?.publicRecordsInfo?.basicInfo?.propertyTypeName ?? null,
    yearBuilt: below?.publicRecordsInfo?.basicInfo?.yearBuilt ?? null,
    description: cleanText(about?.description ?? rental?.description),
    imageUrls: photoUrlsOf(above),
    floorPlanUrls: floorPlanImageUrls(sections.floorPlans),
    agentPhone: rental?.desktopPhone ?? rental?.mobileWebPhone ?? null,
    // For a rental building the management company plays the brokerage's part.
    brokerageName: about?.managementCompany?.name ?? null,
    amenities: Object.keys(listAmenities).length > 0 ? listAmenities : amenitiesFromDetails(below),
    schools: schoolsOf(below, context.market.origin),
    priceHistory: priceEvents(events, context.market.currency, 'rent'),
    listedAt: listedAtOf(events, 'rent'),
    updatedAt: rental?.lastUpdated ?? null,
  };
}

/**
 * The unit range of a rental, kept in raw.unitRange: beds, baths, area and rent ranges (the
 * card's, else the floor plans'), the card's count of available units, and the floor plans'
 * counts and unit types.
 */
export function unitRangeOf(home: RentalHome | null, plans: FloorPlanSummary | null): Record<string, unknown> {
  const rental = home?.rentalExtension;
  return {
    beds: rangeOrNull(rental?.bedRange) ?? plans?.beds ?? null,
    baths: rangeOrNull(rental?.bathRange) ?? plans?.baths ?? null,
    sqft: rangeOrNull(rental?.sqftRange) ?? plans?.sqft ?? null,
    rent: rangeOrNull(rental?.rentPriceRange) ?? plans?.rent ?? null,
    numAvailableUnits: rental?.numAvailableUnits ?? null,
    totalUnitTypes: plans?.totalUnitTypes ?? null,
    totalUnits: plans?.totalUnits ?? null,
    availableUnitTypes: plans?.availableUnitTypes ?? null,
    unavailableUnitTypes: plans?.unavailableUnitTypes ?? null,
    availableUnitTypesByBedroom: plans?.availableUnitTypesByBedroom ?? null,
    unavailableUnitTypesByBedroom: plans?.unavailableUnitTypesByBedroom ?? null,
    upcomingUnits: plans?.upcomingUnits ?? null,
    unitTypes: plans?.unitTypes ?? [],
  };
}

/** A card range with at least a minimum, else null. */
function rangeOrNull(range: Range): Range {
  return range?.min == null ? null : range;
}

/** The value of a range that is one value; null for a real range (kept in raw instead). */
function single(range: Range): number | null {
  if (range?.min == null) return null;
  return range.max == null || range.max === range.min ? range.min : null;
}

function rentalAddress(home: RentalHome, market: Market): Address {
  const info = home.homeData?.addressInfo;
  const line1 = info?.formattedStreetLine ?? null;
  const city = info?.city ?? null;
  const region = info?.state ?? null;
  const postalCode = info?.zip ?? null;
  // The rentals API sends a numeric country code (1), so the market's country stands in for it.
  const country = typeof info?.countryCode === 'string' && /^[A-Z]{2}$/.test(info.countryCode) ? info.countryCode : market.country;
  return { line1, unit: null, city, region, postalCode, country, formatted: formatAddress(line1, city, region, postalCode) };
}
