import { z } from 'zod';
import type { PropertyListing } from '../model.js';
import { hasType, imageUrlsOf, jsonLdNodes, type JsonLdNode } from '../parse/json-ld.js';
import { numLike, obj, str } from '../parse/lenient.js';
import { cleanText, distinctStrings, formatAddress } from '../parse/values.js';
import { listingStatusOf } from '../status.js';
import { blankListing } from './blank-listing.js';
import type { ListingContext } from './home-listing.js';

/**
 * The last-resort listing: the page's schema.org RealEstateListing (or residence) JSON-LD.
 * Its priceCurrency is ignored: redfin.ca pages say USD while the marketplace is CAD, so
 * the currency always comes from the market.
 */

const RESIDENCE_TYPES = ['SingleFamilyResidence', 'House', 'Residence', 'Apartment', 'ApartmentComplex', 'Accommodation', 'Place'];

const offersSchema = obj({ price: numLike, lowPrice: numLike, availability: str });
const residenceSchema = z.looseObject({
  address: obj({ streetAddress: str, addressLocality: str, addressRegion: str, postalCode: str, addressCountry: str }),
  geo: obj({ latitude: numLike, longitude: numLike }),
  yearBuilt: numLike,
  accommodationCategory: str,
  numberOfBedrooms: numLike,
  numberOfRooms: numLike,
  numberOfBathroomsTotal: numLike,
  floorSize: obj({ value: numLike, unitText: str, unitCode: str }),
  amenityFeature: z.array(z.unknown()).catch([]),
});
const listingSchema = z.looseObject({
  url: str,
  description: str,
  datePosted: str,
  dateModified: str,
  lastReviewed: str,
  offers: offersSchema,
});
const featureSchema = z.looseObject({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean()]).nullish().catch(null) });

export interface JsonLdListing {
  listing: PropertyListing;
  /** The JSON-LD nodes read, kept for raw. */
  nodes: JsonLdNode[];
  /** True when the offer is an AggregateOffer range (lowPrice), i.e. a starting price. */
  isPriceRange: boolean;
}

/** A listing from the page's JSON-LD, or null when the page has no listing node. */
export function jsonLdListing(blocks: readonly unknown[], context: ListingContext, listingType: 'sale' | 'rent'): JsonLdListing | null {
  const nodes = jsonLdNodes(blocks);
  const listingNode =
    nodes.find((node) => hasType(node, 'RealEstateListing')) ?? nodes.find((node) => hasType(node, 'Product') && 'offers' in node);
  const entity = listingNode?.mainEntity ?? nodes.find((node) => hasType(node, ...RESIDENCE_TYPES) && 'address' in node);
  if (!listingNode && !entity) return null;
  const listing = listingSchema.parse(listingNode ?? {});
  const residence = residenceSchema.safeParse(entity ?? {});
  const home = residence.success ? residence.data : residenceSchema.parse({});
  const offers = listing.offers;
  const price = offers?.price ?? offers?.lowPrice ?? null;
  const area = home.floorSize?.value ?? null;
  const areaUnit = unitOf(home.floorSize?.unitText ?? home.floorSize?.unitCode ?? null);
  const address = home.address;
  const line1 = address?.streetAddress ?? null;
  const city = address?.addressLocality ?? null;
  const region = address?.addressRegion ?? null;
  const postalCode = address?.postalCode ?? null;
  const images = imageUrlsOf((entity as JsonLdNode | undefined)?.image);

  return {
    nodes: [listingNode, entity as JsonLdNode | undefined].filter((node): node is JsonLdNode => node !== undefined),
    isPriceRange: offers?.price == null && offers?.lowPrice != null,
    listing: {
      ...blankListing(context.propertyId, context.fetchedAt),
      url: listing.url ?? context.pageUrl,
      listingType,
      status: listingStatusOf(schemaOrgWord(offers?.availability)),
      price,
      currency: context.market.currency,
      address: {
        line1,
        unit: null,
        city,
        region,
        postalCode,
        country: address?.addressCountry ?? context.market.country,
        formatted: formatAddress(line1, city, region, postalCode),
      },
      latitude: home.geo?.latitude ?? null,
      longitude: home.geo?.longitude ?? null,
      beds: home.numberOfBedrooms ?? null,
      baths: home.numberOfBathroomsTotal ?? null,
      area: areaUnit === null ? null : area,
      areaUnit: area === null ? null : areaUnit,
      propertyType: home.accommodationCategory ?? null,
      yearBuilt: home.yearBuilt ?? null,
      description: cleanText(listing.description),
      imageUrls: distinctStrings(images.length > 0 ? images : imageUrlsOf(listingNode?.image)),
      amenities: amenitiesOf(home.amenityFeature),
      listedAt: listing.datePosted ?? null,
      updatedAt: listing.dateModified ?? listing.lastReviewed ?? null,
    },
  };
}

/** UN/CEFACT codes JSON-LD uses for floor size: FTK square feet, MTK square metres. */
function unitOf(code: string | null): 'sqft' | 'sqm' | null {
  if (code === null) return null;
  if (/^(FTK|sq ?ft|SQFT)$/i.test(code)) return 'sqft';
  if (/^(MTK|sq ?m|SQM)$/i.test(code)) return 'sqm';
  return null;
}

/** "https://schema.org/InStock" → "InStock". */
function schemaOrgWord(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.replace(/^https?:\/\/schema\.org\//i, '');
}

/** amenityFeature items "Laundry: In-unit laundry" become label "Laundry" and its value. */
function amenitiesOf(features: readonly unknown[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const feature of features) {
    const parsed = featureSchema.safeParse(feature);
    if (!parsed.success) continue;
    const { name, value } = parsed.data;
    const colon = name.indexOf(':');
    const [label, text] =
      colon > 0
        ? [name.slice(0, colon).trim(), name.slice(colon + 1).trim()]
        : [name.trim(), value == null || value === true ? 'Yes' : String(value)];
    if (label && text && !(label in map)) map[label] = text;
  }
  return map;
}
