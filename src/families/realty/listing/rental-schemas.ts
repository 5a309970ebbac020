import { z } from 'zod';
import { bool, idLike, list, num, numLike, obj, str } from '../parse/lenient.js';

/**
 * Lenient readers of the rentals API bodies (/stingray/api/v1/search/rentals,
 * /stingray/api/v1/rentals/homecards, …/{rentalId}/floorPlans|amenities|about). These bodies
 * have no `{}&&` prefix and no envelope, and int64 values arrive as strings.
 */

const range = obj({ min: numLike, max: numLike });

export const rentalHomeSchema = z.looseObject({
  homeData: obj({
    propertyId: idLike,
    url: str,
    propertyType: numLike,
    sashes: list(z.looseObject({ sashTypeName: str })),
    addressInfo: obj({
      centroid: obj({ centroid: obj({ latitude: num, longitude: num }) }),
      formattedStreetLine: str,
      city: str,
      state: str,
      zip: str,
      countryCode: z.unknown().optional(),
    }),
  }),
  rentalExtension: obj({
    rentalId: str,
    propertyName: str,
    bedRange: range,
    bathRange: range,
    sqftRange: range,
    rentPriceRange: range,
    numAvailableUnits: numLike,
    status: numLike,
    lastUpdated: str,
    description: str,
    desktopPhone: str,
    mobileWebPhone: str,
    isCommercialPaid: bool,
  }),
});
export type RentalHome = z.output<typeof rentalHomeSchema>;

/** A rentals search or homecards body: {homes: [{homeData, rentalExtension}], numMatchedHomes}. */
export const rentalsBodySchema = z.looseObject({
  homes: z.array(z.unknown()),
  numMatchedHomes: numLike,
  numMatchedUnits: numLike,
});
export type RentalsBody = z.output<typeof rentalsBodySchema>;

/** Every home of a body, read leniently; a home that is not an object reads as an empty card. */
export function rentalHomes(body: RentalsBody): RentalHome[] {
  return body.homes.map((home) => rentalHomeSchema.safeParse(home).data ?? rentalHomeSchema.parse({}));
}

export const rentalAboutSchema = z.looseObject({ description: str, managementCompany: obj({ name: str }) });
export type RentalAbout = z.output<typeof rentalAboutSchema>;

/** {unitAmenities: [...], communityAmenities: [...], ...}: lists of amenity names by group. */
export const rentalAmenitiesSchema = z.record(z.string(), z.unknown());

/**
 * A floorPlans body: {rentalId, unitTypesByBedroom, totalUnitTypes, totalUnits}.
 * `unitTypesByBedroom` lists an "All" group first, then one group per bedroom count, each
 * with available and unavailable unit types. Every unit-type key is optional: unavailable
 * types can lack their rent and area keys, and `availablePhotos` can be missing.
 */
export const floorPlansSchema = z.looseObject({
  rentalId: str,
  unitTypesByBedroom: list(
    z.looseObject({
      bedroomTitle: str,
      availableUnitTypes: z.array(z.unknown()).catch([]),
      unavailableUnitTypes: z.array(z.unknown()).catch([]),
    }),
  ),
  totalUnitTypes: numLike,
  totalUnits: numLike,
});
export type FloorPlans = z.output<typeof floorPlansSchema>;

/** One apartment of a unit type: `available`, or `upcoming` from dateAvailable. */
export const floorPlanUnitSchema = z.looseObject({
  unitId: idLike,
  name: str,
  rentPrice: numLike,
  sqft: numLike,
  status: str,
  dateAvailable: str,
  deposit: numLike,
});

/** One unit type (floor plan) with its rent and area ranges. */
export const unitTypeSchema = z.looseObject({
  unitTypeId: idLike,
  name: str,
  style: str,
  status: str,
  bedrooms: numLike,
  fullBaths: numLike,
  halfBaths: numLike,
  rentPriceMin: numLike,
  rentPriceMax: numLike,
  sqftMin: numLike,
  sqftMax: numLike,
  totalUnits: numLike,
  availableUnits: numLike,
  units: list(floorPlanUnitSchema),
});
export type UnitTypeBody = z.output<typeof unitTypeSchema>;
