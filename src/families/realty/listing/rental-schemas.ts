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

export const floorPlansSchema = z.looseObject({
  unitTypesByBedroom: list(z.looseObject({ bedroomTitle: str, availableUnitTypes: z.array(z.unknown()).catch([]) })),
});
export type FloorPlans = z.output<typeof floorPlansSchema>;
