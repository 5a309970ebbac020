import type { Address, PropertyListing } from '../model.js';
import { REALTY_PLATFORM } from '../market.js';

export const BLANK_ADDRESS: Address = {
  line1: null,
  unit: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  formatted: null,
};

/**
 * A listing with every field "not exposed" (null or empty), which builders fill from what
 * the page shows. Starting from this keeps the rule "nothing is invented" easy to check.
 */
export function blankListing(id: string, fetchedAt: string): PropertyListing {
  return {
    platform: REALTY_PLATFORM,
    id,
    url: null,
    listingType: null,
    status: null,
    price: null,
    currency: null,
    priceQualifier: null,
    pricePerArea: null,
    address: { ...BLANK_ADDRESS },
    latitude: null,
    longitude: null,
    beds: null,
    baths: null,
    receptions: null,
    area: null,
    areaUnit: null,
    lotArea: null,
    lotAreaUnit: null,
    propertyType: null,
    yearBuilt: null,
    description: null,
    imageUrls: [],
    floorPlanUrls: [],
    agentName: null,
    agentPhone: null,
    brokerageName: null,
    amenities: {},
    schools: [],
    priceHistory: [],
    listedAt: null,
    updatedAt: null,
    fetchedAt,
  };
}
