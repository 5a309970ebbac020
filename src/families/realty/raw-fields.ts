import { z } from 'zod';
import { VIAS } from './fetch/sourced.js';

/** The `raw` fields the realty endpoints' descriptions name, typed for the published contract. */

export const surfaceRaw = z.object({
  via: z.enum(VIAS).describe('the surface the core of the result came from (json-ld when only the page JSON-LD answered)'),
});

const range = z
  .object({ min: z.number().nullable().optional(), max: z.number().nullable().optional() })
  .nullable()
  .describe('a range (min and max), null when unknown');
const count = z.number().nullable();
const byBedroom = z.record(z.string(), z.number()).nullable().describe('per bedroom group ("Studio", "1 Bed", ...)');

/** raw.unitRange of a multi-unit rental: the building's ranges, counts and unit types. */
export const rentalRaw = surfaceRaw.extend({
  unitRange: z
    .object({
      beds: range,
      baths: range,
      sqft: range,
      rent: range,
      numAvailableUnits: count,
      totalUnitTypes: count,
      totalUnits: count,
      availableUnitTypes: count,
      unavailableUnitTypes: count,
      availableUnitTypesByBedroom: byBedroom,
      unavailableUnitTypesByBedroom: byBedroom,
      upcomingUnits: count,
      unitTypes: z.array(
        z.object({
          unitTypeId: z.string().nullable(),
          name: z.string().nullable(),
          available: z.boolean(),
          bedrooms: count,
          baths: count,
          fullBaths: count,
          halfBaths: count,
          rent: range,
          sqft: range,
          listedUnits: z.number(),
          upcomingUnits: z.number(),
        }),
      ),
    })
    .describe("the building's unit types, counts and beds/baths/area/rent ranges"),
});
