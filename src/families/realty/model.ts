import { z } from 'zod';

/**
 * Unified real-estate types (listings, agents, search results), plus Address, School, PriceEvent and
 * AgentStat, which the spec leaves open and this file defines. Declared once as zod.
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const fetchedAt = z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)');

export const listingStatusSchema = z
  .enum(['active', 'pending', 'under_offer', 'sold', 'rented', 'off_market', 'unknown'])
  .meta({ id: 'ListingStatus' });
export type ListingStatus = z.infer<typeof listingStatusSchema>;

export const areaUnitSchema = z.enum(['sqft', 'sqm']).meta({ id: 'AreaUnit' });
export type AreaUnit = z.infer<typeof areaUnitSchema>;

export const availabilitySchema = z.enum(['in_stock', 'out_of_stock', 'preorder', 'discontinued', 'unknown']).meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilitySchema>;

export const addressSchema = z
  .object({
    line1: nullableString.describe('street number and name'),
    unit: nullableString.describe('unit, apartment or suite'),
    city: nullableString,
    region: nullableString.describe('state, province or territory code as shown, e.g. TX or BC'),
    postalCode: nullableString,
    country: nullableString.describe('ISO 3166-1 alpha-2'),
    formatted: nullableString.describe('the whole address as one line'),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const schoolSchema = z
  .object({
    name: z.string(),
    grades: nullableString.describe('as shown, e.g. K-5 or 9-12'),
    distance: nullableNumber,
    distanceUnit: z.enum(['mi', 'km']).meta({ id: 'DistanceUnit' }).nullable(),
    rating: nullableNumber.describe("on the source's own scale (GreatSchools: 1-10)"),
    type: nullableString.describe('e.g. public, private, charter'),
    url: nullableString,
  })
  .meta({ id: 'School' });
export type School = z.infer<typeof schoolSchema>;

export const priceEventSchema = z
  .object({
    date: nullableString.describe('ISO 8601 date or timestamp'),
    event: z.string().describe('source wording, e.g. Listed, Price Changed, Sold'),
    price: nullableNumber,
    currency: nullableString,
    source: nullableString.describe('where the event was reported, e.g. an MLS name'),
  })
  .meta({ id: 'PriceEvent' });
export type PriceEvent = z.infer<typeof priceEventSchema>;

export const agentStatSchema = z
  .object({
    label: z.string(),
    value: z.string(),
    period: nullableString.describe('e.g. "last 12 months"; null when not stated'),
  })
  .meta({ id: 'AgentStat' });
export type AgentStat = z.infer<typeof agentStatSchema>;

export const propertyListingSchema = z
  .object({
    platform: z.string(),
    id: z.string(),
    url: nullableString,
    listingType: z.enum(['sale', 'rent']).meta({ id: 'ListingType' }).nullable(),
    status: listingStatusSchema.nullable(),
    price: nullableNumber.describe('asking price or rent, in currency; read with priceQualifier'),
    currency: nullableString.describe('ISO 4217'),
    priceQualifier: nullableString.describe('wording such as "starting at" or "per month"'),
    pricePerArea: nullableNumber,
    address: addressSchema,
    latitude: nullableNumber,
    longitude: nullableNumber,
    beds: nullableNumber,
    baths: nullableNumber,
    receptions: nullableNumber,
    area: nullableNumber,
    areaUnit: areaUnitSchema.nullable(),
    lotArea: nullableNumber,
    lotAreaUnit: areaUnitSchema.nullable(),
    propertyType: nullableString,
    yearBuilt: nullableNumber,
    description: nullableString,
    imageUrls: z.array(z.string()),
    floorPlanUrls: z.array(z.string()),
    agentName: nullableString,
    agentPhone: nullableString,
    brokerageName: nullableString,
    amenities: z.record(z.string(), z.string()).describe('label to value'),
    schools: z.array(schoolSchema),
    priceHistory: z.array(priceEventSchema),
    listedAt: nullableString,
    updatedAt: nullableString,
    fetchedAt,
  })
  .meta({ id: 'PropertyListing', description: 'A for-sale or for-rent listing.' });
export type PropertyListing = z.infer<typeof propertyListingSchema>;

export const realEstateAgentSchema = z
  .object({
    platform: z.string(),
    id: nullableString,
    name: nullableString,
    url: nullableString,
    photoUrl: nullableString,
    brokerageName: nullableString,
    licenseNumber: nullableString,
    phone: nullableString,
    bio: nullableString,
    languages: z.array(z.string()),
    serviceAreas: z.array(z.string()),
    rating: nullableNumber,
    reviewCount: nullableNumber,
    salesStats: z.array(agentStatSchema),
    listings: z.array(propertyListingSchema),
    fetchedAt,
  })
  .meta({ id: 'RealEstateAgent', description: 'An agent or partner-agent profile.' });
export type RealEstateAgent = z.infer<typeof realEstateAgentSchema>;

export const searchResultItemSchema = z
  .object({
    platform: z.string(),
    position: nullableNumber.describe('rank on the page, from 1, in served order'),
    id: nullableString,
    title: nullableString,
    url: nullableString,
    thumbnailUrl: nullableString,
    price: nullableNumber.describe('the lowest price where a range is shown'),
    currency: nullableString,
    listPrice: nullableNumber.describe('struck-through reference price'),
    rating: nullableNumber,
    reviewCount: nullableNumber,
    sellerName: nullableString,
    availability: availabilitySchema.nullable(),
    badges: z.array(z.string()),
    isSponsored: z.boolean().nullable(),
    fetchedAt,
  })
  .meta({ id: 'SearchResultItem', description: 'One result of a real-estate search page.' });
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;
