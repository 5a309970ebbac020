import { z } from 'zod';

/**
 * Unified real-estate types (listings, agents, search results), plus Address, School, PriceEvent and
 * AgentStat, which the spec leaves open and this file defines. Declared once as zod.
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const fetchedAt = z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)');

export const listingStatusSchema = z.enum(['active', 'pending', 'under_offer', 'sold', 'rented', 'off_market', 'unknown']).meta({
  id: 'ListingStatus',
  description: 'Where a listing is in its life.',
  'x-enumDescriptions': {
    active: 'on the market',
    pending: 'an offer was accepted; not yet closed',
    under_offer: 'an offer is being considered',
    sold: 'sold',
    rented: 'rented',
    off_market: 'no longer on the market',
    unknown: 'the page does not say',
  },
});
export type ListingStatus = z.infer<typeof listingStatusSchema>;

export const areaUnitSchema = z.enum(['sqft', 'sqm']).meta({
  id: 'AreaUnit',
  description: 'Unit of an area.',
  'x-enumDescriptions': { sqft: 'square feet', sqm: 'square metres' },
});
export type AreaUnit = z.infer<typeof areaUnitSchema>;

export const availabilitySchema = z.enum(['in_stock', 'out_of_stock', 'preorder', 'discontinued', 'unknown']).meta({
  id: 'Availability',
  description: 'Whether a search result can be bought or rented now.',
  'x-enumDescriptions': {
    in_stock: 'available now',
    out_of_stock: 'not available now',
    preorder: 'can be reserved before it is available',
    discontinued: 'no longer offered',
    unknown: 'the page does not say',
  },
});
export type Availability = z.infer<typeof availabilitySchema>;

export const addressSchema = z
  .object({
    line1: nullableString.describe('street number and name'),
    unit: nullableString.describe('unit, apartment or suite'),
    city: nullableString.describe('city or locality'),
    region: nullableString.describe('state, province or territory code as shown, e.g. TX or BC'),
    postalCode: nullableString.describe('ZIP or postal code'),
    country: nullableString.describe('ISO 3166-1 alpha-2'),
    formatted: nullableString.describe('the whole address as one line'),
  })
  .meta({ id: 'Address', description: 'A postal address, in parts and as one line.' });
export type Address = z.infer<typeof addressSchema>;

export const schoolSchema = z
  .object({
    name: z.string().describe("the school's name"),
    grades: nullableString.describe('as shown, e.g. K-5 or 9-12'),
    distance: nullableNumber.describe('distance from the property, in distanceUnit'),
    distanceUnit: z
      .enum(['mi', 'km'])
      .meta({ id: 'DistanceUnit', description: 'Unit of a distance.', 'x-enumDescriptions': { mi: 'miles', km: 'kilometres' } })
      .nullable(),
    rating: nullableNumber.describe("on the source's own scale (GreatSchools: 1-10)"),
    type: nullableString.describe('e.g. public, private, charter'),
    url: nullableString.describe("the school's page on the source"),
  })
  .meta({ id: 'School', description: 'A school near a property, as the listing page shows it.' });
export type School = z.infer<typeof schoolSchema>;

export const priceEventSchema = z
  .object({
    date: nullableString.describe('ISO 8601 date or timestamp'),
    event: z.string().describe('source wording, e.g. Listed, Price Changed, Sold'),
    price: nullableNumber.describe('price at the event, in currency; null when not shown'),
    currency: nullableString.describe('ISO 4217'),
    source: nullableString.describe('where the event was reported, e.g. an MLS name'),
  })
  .meta({ id: 'PriceEvent', description: "One event of a property's sale, rental or price history." });
export type PriceEvent = z.infer<typeof priceEventSchema>;

export const agentStatSchema = z
  .object({
    label: z.string().describe('what the figure measures, as shown'),
    value: z.string().describe('the figure as shown'),
    period: nullableString.describe('e.g. "last 12 months"; null when not stated'),
  })
  .meta({ id: 'AgentStat', description: "One figure of an agent's profile, as shown (deals closed, volume...)." });
export type AgentStat = z.infer<typeof agentStatSchema>;

export const propertyListingSchema = z
  .object({
    platform: z.string().describe('the platform the listing is on, e.g. "redfin"'),
    id: z.string(),
    url: nullableString.describe("the listing's web page"),
    listingType: z
      .enum(['sale', 'rent'])
      .meta({
        id: 'ListingType',
        description: 'Whether a listing is for sale or for rent.',
        'x-enumDescriptions': { sale: 'for sale', rent: 'for rent' },
      })
      .nullable()
      .describe('sale or rent'),
    status: listingStatusSchema.nullable().describe('where the listing is in its life (active, pending, sold...)'),
    price: nullableNumber.describe('asking price or rent, in currency; read with priceQualifier'),
    currency: nullableString.describe('ISO 4217'),
    priceQualifier: nullableString.describe('wording such as "starting at" or "per month"'),
    pricePerArea: nullableNumber.describe('price per areaUnit, as the source shows it'),
    address: addressSchema,
    latitude: nullableNumber.describe('WGS 84 latitude'),
    longitude: nullableNumber.describe('WGS 84 longitude'),
    beds: nullableNumber.describe('bedrooms'),
    baths: nullableNumber.describe('bathrooms (halves as .5)'),
    receptions: nullableNumber.describe('reception rooms where the market counts them'),
    area: nullableNumber.describe('interior area, in areaUnit'),
    areaUnit: areaUnitSchema.nullable().describe('unit of area and pricePerArea'),
    lotArea: nullableNumber.describe('lot area, in lotAreaUnit'),
    lotAreaUnit: areaUnitSchema.nullable().describe('unit of lotArea'),
    propertyType: nullableString.describe('as the source names it, e.g. Single Family Residential or Condo'),
    yearBuilt: nullableNumber.describe('year of construction'),
    description: nullableString.describe("the listing's remarks"),
    imageUrls: z.array(z.string()).describe('photo URLs in order'),
    floorPlanUrls: z.array(z.string()).describe('floor-plan image URLs'),
    agentName: nullableString.describe('listing agent'),
    agentPhone: nullableString.describe("listing agent's phone as shown"),
    brokerageName: nullableString.describe('listing brokerage'),
    amenities: z.record(z.string(), z.string()).describe('label to value'),
    schools: z.array(schoolSchema).describe('nearby schools as the page lists them'),
    priceHistory: z.array(priceEventSchema).describe('sale, rental and price-change events, newest first as shown'),
    listedAt: nullableString.describe('ISO 8601 date the listing went live'),
    updatedAt: nullableString.describe('ISO 8601 time of the last update the page reports'),
    fetchedAt,
  })
  .meta({ id: 'PropertyListing', description: 'A for-sale or for-rent listing.' });
export type PropertyListing = z.infer<typeof propertyListingSchema>;

export const realEstateAgentSchema = z
  .object({
    platform: z.string().describe('the platform of the profile, e.g. "redfin"'),
    id: nullableString,
    name: nullableString.describe("the agent's name"),
    url: nullableString.describe("the profile's web page"),
    photoUrl: nullableString.describe("the agent's photo URL"),
    brokerageName: nullableString.describe('the brokerage the agent works for'),
    licenseNumber: nullableString.describe('licence number as shown'),
    phone: nullableString.describe('phone number as shown'),
    bio: nullableString.describe("the profile's introduction"),
    languages: z.array(z.string()).describe('languages the agent speaks'),
    serviceAreas: z.array(z.string()).describe('places the agent serves'),
    rating: nullableNumber.describe('average client rating, on the source scale'),
    reviewCount: nullableNumber.describe('client reviews'),
    salesStats: z.array(agentStatSchema).describe('figures the profile shows (deals, volume...)'),
    listings: z.array(propertyListingSchema).describe("the agent's listings shown on the profile"),
    fetchedAt,
  })
  .meta({ id: 'RealEstateAgent', description: 'An agent or partner-agent profile.' });
export type RealEstateAgent = z.infer<typeof realEstateAgentSchema>;

export const searchResultItemSchema = z
  .object({
    platform: z.string().describe('the platform of the search, e.g. "redfin"'),
    position: nullableNumber.describe('rank on the page, from 1, in served order'),
    id: nullableString,
    title: nullableString.describe('headline of the result, usually the address'),
    url: nullableString.describe("the result's listing page"),
    thumbnailUrl: nullableString.describe('preview photo URL'),
    price: nullableNumber.describe('the lowest price where a range is shown'),
    currency: nullableString.describe('ISO 4217'),
    listPrice: nullableNumber.describe('struck-through reference price'),
    rating: nullableNumber.describe('rating where the result shows one'),
    reviewCount: nullableNumber.describe('reviews where the result shows them'),
    sellerName: nullableString.describe('listing brokerage or seller as shown'),
    availability: availabilitySchema.nullable().describe('whether the result is available'),
    badges: z.array(z.string()).describe('labels shown on the result, e.g. NEW or OPEN HOUSE'),
    isSponsored: z.boolean().nullable().describe('true when marked as an advertisement'),
    fetchedAt,
  })
  .meta({ id: 'SearchResultItem', description: 'One result of a real-estate search page.' });
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;
