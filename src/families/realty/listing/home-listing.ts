import type { Address, PropertyListing } from '../model.js';
import type { Market } from '../market.js';
import { absoluteUrl, cleanText, distinctStrings, epochMsToIso, formatAddress } from '../parse/values.js';
import { listingStatusOf, SEARCH_STATUS_WORDING, wordingOfCode } from '../status.js';
import { amenitiesFromDetails, amenitiesFromKeyFacts } from './amenities.js';
import { blankListing } from './blank-listing.js';
import { listedAtOf, priceEvents } from './history.js';
import type { AboveTheFold, BelowTheFold, InitialInfo, MainHouseInfo } from './home-details-schemas.js';
import { schoolsOf } from './schools.js';

/** The home-details answers of one for-sale page; aboveTheFold is the core, the rest enrich it. */
export interface HomeSections {
  initialInfo: InitialInfo | null;
  above: AboveTheFold;
  main: MainHouseInfo | null;
  below: BelowTheFold | null;
  /** Photos tagged "Floor plans" in the page's photo tags. */
  floorPlanUrls: string[];
}

export interface ListingContext {
  market: Market;
  propertyId: string;
  pageUrl: string;
  fetchedAt: string;
}

/** A for-sale PropertyListing from Redfin's home-details answers. Areas are square feet on both marketplaces. */
export function homeListing(sections: HomeSections, context: ListingContext): PropertyListing {
  const { above, main, below, initialInfo } = sections;
  const info = above.addressSectionInfo;
  const { market } = context;
  const events = below?.propertyHistoryInfo?.events ?? [];
  const keyFacts = amenitiesFromKeyFacts(main);
  const details = amenitiesFromDetails(below);
  const firstAgent = main?.listingAgents[0];
  const disclaimer = below?.amenitiesInfo?.mlsDisclaimerInfo;
  const price = info.priceInfo?.amount ?? info.latestPriceInfo?.amount ?? null;
  const label = info.priceInfo?.label ?? null;
  const statusWording =
    info.status?.displayValue ?? main?.mlsStatusDisplay?.displayValue ?? wordingOfCode(SEARCH_STATUS_WORDING, info.searchStatus);
  const area = info.sqFt ?? null;
  const lotArea = info.lotSize ?? null;
  const latLong = info.latLong ?? initialInfo?.latLong ?? null;

  return {
    ...blankListing(context.propertyId, context.fetchedAt),
    url: absoluteUrl(market.origin, info.url ?? main?.url) ?? context.pageUrl,
    listingType: 'sale',
    status: listingStatusOf(statusWording),
    price,
    currency: market.currency,
    // "Price" is the plain asking price; other labels (e.g. a sold price) qualify it.
    priceQualifier: label !== null && !/^price$/i.test(label.trim()) ? label : null,
    pricePerArea: info.pricePerSqFt ?? null,
    address: homeAddress(above, main, market),
    latitude: latLong?.latitude ?? null,
    longitude: latLong?.longitude ?? null,
    beds: info.beds ?? null,
    baths: info.baths ?? null,
    area,
    areaUnit: area === null ? null : 'sqft',
    lotArea,
    lotAreaUnit: lotArea === null ? null : 'sqft',
    propertyType:
      below?.publicRecordsInfo?.latestListingInfo?.propertyTypeName ??
      below?.publicRecordsInfo?.basicInfo?.propertyTypeName ??
      keyFacts['Property Type'] ??
      null,
    yearBuilt: info.yearBuilt ?? below?.publicRecordsInfo?.basicInfo?.yearBuilt ?? null,
    description: cleanText(main?.marketingRemarks[0]?.marketingRemark),
    imageUrls: photoUrlsOf(above),
    floorPlanUrls: sections.floorPlanUrls,
    agentName: firstAgent?.agentInfo?.agentName ?? disclaimer?.listingAgentName ?? null,
    agentPhone: disclaimer?.listingAgentNumber ?? null,
    brokerageName: firstAgent?.brokerName ?? disclaimer?.listingBrokerName ?? null,
    amenities: Object.keys(details).length > 0 ? details : keyFacts,
    schools: schoolsOf(below, market.origin),
    priceHistory: priceEvents(events, market.currency, 'sale'),
    listedAt: listedAtOf(events, 'sale'),
    updatedAt: epochMsToIso(main?.lastUpdatedDate),
  };
}

/** Full-screen photo URLs of the media browser, in page order. */
export function photoUrlsOf(above: AboveTheFold | null): string[] {
  const photos = above?.mediaBrowserInfo?.photos ?? [];
  return distinctStrings(photos.map((photo) => photo.photoUrls?.fullScreenPhotoUrl ?? photo.photoUrls?.nonFullScreenPhotoUrl));
}

function homeAddress(above: AboveTheFold, main: MainHouseInfo | null, market: Market): Address {
  const info = above.addressSectionInfo;
  const street = info.streetAddress;
  const unitValue = street?.unitValue?.trim() || null;
  const unitType = street?.unitType?.trim() ?? '';
  const unit = unitValue === null ? null : unitType === '#' || unitType === '' ? `#${unitValue}` : `${unitType} ${unitValue}`;
  const line1 = street?.assembledAddress ?? null;
  const city = info.city ?? null;
  const region = info.state ?? null;
  const postalCode = info.zip ?? null;
  return {
    line1,
    unit,
    city,
    region,
    postalCode,
    // The body's own country code; the market's when the body gives none.
    country: info.countryCode ?? market.country,
    formatted: main?.fullStreetAddress ?? formatAddress(line1, city, region, postalCode),
  };
}
