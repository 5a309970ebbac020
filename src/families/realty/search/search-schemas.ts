import { z } from 'zod';
import { idLike, list, num, obj, str } from '../parse/lenient.js';
import { unwrapLevel } from '../parse/values.js';

/**
 * The gis search payload ({homes: [...], searchMedian, ...} inside the stingray envelope).
 * Many home values are wrapped as {value, level}; the lenient readers unwrap them.
 */
export const gisHomeSchema = z.looseObject({
  propertyId: idLike,
  listingId: idLike,
  url: str,
  price: num,
  mlsStatus: str,
  searchStatus: num,
  streetLine: str,
  city: str,
  state: str,
  zip: str,
  countryCode: str,
  beds: num,
  baths: num,
  sqFt: num,
  lotSize: num,
  yearBuilt: num,
  pricePerSqFt: num,
  latLong: z.preprocess(unwrapLevel, obj({ latitude: num, longitude: num })),
  sashes: list(z.looseObject({ sashTypeName: str })),
  listingRemarks: str,
  /** The listing brokerage as recorded gis homes carry it: {name, isRedfin}. */
  listingBroker: obj({ name: str }),
  /** An older spelling no recorded home has; read in case it comes back. */
  brokerName: str,
});
export type GisHome = z.output<typeof gisHomeSchema>;

export const gisPayloadSchema = z.looseObject({ homes: z.array(z.unknown()) });

/** Every home of a gis payload, read leniently (a malformed home still holds its position). */
export function gisHomes(payload: z.output<typeof gisPayloadSchema>): GisHome[] {
  return payload.homes.map((home) => gisHomeSchema.safeParse(home).data ?? gisHomeSchema.parse({}));
}
