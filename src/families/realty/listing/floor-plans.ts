import { distinctStrings } from '../parse/values.js';
import { unitTypeSchema, type FloorPlans, type UnitTypeBody } from './rental-schemas.js';

/**
 * A rental building's floor plans (the rentals API floorPlans body) read into unit types
 * and ranges. The bedroom groups after "All" split the All group's unit types and add none,
 * so unit types are read from "All" only (from every group, once per unitTypeId, when a body
 * has no "All" group).
 */

export interface NumberRange {
  min: number;
  max: number;
}

/** One floor plan of the building, as kept in raw.unitRange.unitTypes. */
export interface UnitType {
  unitTypeId: string | null;
  name: string | null;
  /** True for a type listed under availableUnitTypes. */
  available: boolean;
  bedrooms: number | null;
  /** fullBaths plus a half for each half bath. */
  baths: number | null;
  fullBaths: number | null;
  halfBaths: number | null;
  /** Monthly rent range (rentPriceMin/Max); null when the body gives none. */
  rent: NumberRange | null;
  /** Area range in square feet (sqftMin/Max); null when the body gives none. */
  sqft: NumberRange | null;
  /** Units listed under the type, and how many of them are upcoming rather than available now. */
  listedUnits: number;
  upcomingUnits: number;
}

export interface FloorPlanSummary {
  /** Available plus unavailable unit types: the body's totalUnitTypes, counted only when it has none. */
  totalUnitTypes: number;
  /** Units listed under the available types: the body's totalUnits, counted only when it has none. */
  totalUnits: number;
  availableUnitTypes: number;
  unavailableUnitTypes: number;
  /** Available and unavailable unit types per bedroom group ("Studio", "1 Bed", …), in the body's order. */
  availableUnitTypesByBedroom: Record<string, number>;
  unavailableUnitTypesByBedroom: Record<string, number>;
  upcomingUnits: number;
  /** Ranges over the available unit types; null when none gives the figure. */
  beds: NumberRange | null;
  baths: NumberRange | null;
  sqft: NumberRange | null;
  rent: NumberRange | null;
  unitTypes: UnitType[];
}

const ALL_GROUP = /^all$/i;

/** The summary of a floorPlans body; null when it lists no unit type at all. */
export function floorPlanSummary(floorPlans: FloorPlans | null): FloorPlanSummary | null {
  if (floorPlans === null) return null;
  const available = distinctTypes(floorPlans, 'availableUnitTypes');
  const unavailable = distinctTypes(floorPlans, 'unavailableUnitTypes');
  if (available.length === 0 && unavailable.length === 0) return null;
  const unitTypes = [...available.map((body) => unitTypeOf(body, true)), ...unavailable.map((body) => unitTypeOf(body, false))];
  const offered = unitTypes.filter((type) => type.available);
  const listed = offered.reduce((sum, type) => sum + type.listedUnits, 0);

  const availableByBedroom: Record<string, number> = {};
  const unavailableByBedroom: Record<string, number> = {};
  for (const group of floorPlans.unitTypesByBedroom) {
    if (!group.bedroomTitle || ALL_GROUP.test(group.bedroomTitle)) continue;
    availableByBedroom[group.bedroomTitle] = group.availableUnitTypes.length;
    unavailableByBedroom[group.bedroomTitle] = group.unavailableUnitTypes.length;
  }
  return {
    totalUnitTypes: floorPlans.totalUnitTypes ?? unitTypes.length,
    totalUnits: floorPlans.totalUnits ?? listed,
    availableUnitTypes: available.length,
    unavailableUnitTypes: unavailable.length,
    availableUnitTypesByBedroom: availableByBedroom,
    unavailableUnitTypesByBedroom: unavailableByBedroom,
    upcomingUnits: offered.reduce((sum, type) => sum + type.upcomingUnits, 0),
    beds: spanOf(offered.map((type) => type.bedrooms)),
    baths: spanOf(offered.map((type) => type.baths)),
    sqft: spanOf(offered.flatMap((type) => (type.sqft === null ? [] : [type.sqft.min, type.sqft.max]))),
    rent: spanOf(offered.flatMap((type) => (type.rent === null ? [] : [type.rent.min, type.rent.max]))),
    unitTypes,
  };
}

/** The unit types of one list, from the All group (or every group, once per id, without one). */
function distinctTypes(floorPlans: FloorPlans, list: 'availableUnitTypes' | 'unavailableUnitTypes'): UnitTypeBody[] {
  const groups = floorPlans.unitTypesByBedroom;
  const all = groups.find((group) => group.bedroomTitle !== null && group.bedroomTitle !== undefined && ALL_GROUP.test(group.bedroomTitle));
  const seen = new Set<string>();
  const types: UnitTypeBody[] = [];
  for (const group of all ? [all] : groups) {
    for (const item of group[list]) {
      const parsed = unitTypeSchema.safeParse(item);
      if (!parsed.success) continue;
      const id = parsed.data.unitTypeId;
      if (id) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      types.push(parsed.data);
    }
  }
  return types;
}

function unitTypeOf(body: UnitTypeBody, available: boolean): UnitType {
  const fullBaths = body.fullBaths ?? null;
  const halfBaths = body.halfBaths ?? null;
  return {
    unitTypeId: body.unitTypeId ?? null,
    name: body.name ?? body.style ?? null,
    available,
    bedrooms: body.bedrooms ?? null,
    baths: fullBaths === null ? null : fullBaths + (halfBaths ?? 0) / 2,
    fullBaths,
    halfBaths,
    rent: rangeOf(body.rentPriceMin, body.rentPriceMax),
    sqft: rangeOf(body.sqftMin, body.sqftMax),
    listedUnits: body.units.length,
    upcomingUnits: body.units.filter((unit) => unit.status?.toLowerCase() === 'upcoming').length,
  };
}

/** A {min, max} from two optional bounds; one bound alone stands for both. */
function rangeOf(min: number | null | undefined, max: number | null | undefined): NumberRange | null {
  const low = min ?? max;
  const high = max ?? min;
  if (low === null || low === undefined || high === null || high === undefined) return null;
  return { min: Math.min(low, high), max: Math.max(low, high) };
}

function spanOf(values: readonly (number | null)[]): NumberRange | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : { min: Math.min(...known), max: Math.max(...known) };
}

const IMAGE_KEY = /photo|image|floor ?plan|picture/i;
const IMAGE_FILE = /\.(jpe?g|png|webp|gif)(\?.*)?$/i;

/**
 * Floor-plan images of a rental building: image URLs the body itself gives on its unit
 * types, each once. Recorded floorPlans bodies hold none (their `availablePhotos` are photo
 * position ranges, not URLs, and are not turned into URLs here), so for them this is empty.
 * Any http(s) string under a photo/image/floor-plan key, or naming an image file, counts;
 * the `units` of a unit type (single apartments) are skipped.
 */
export function floorPlanImageUrls(floorPlans: FloorPlans | null): string[] {
  if (floorPlans === null) return [];
  const urls: string[] = [];
  const all = floorPlans.unitTypesByBedroom.find(
    (group) => group.bedroomTitle !== null && group.bedroomTitle !== undefined && ALL_GROUP.test(group.bedroomTitle),
  );
  for (const group of all ? [all] : floorPlans.unitTypesByBedroom) {
    for (const unitType of [...group.availableUnitTypes, ...group.unavailableUnitTypes]) collectImageUrls(unitType, false, urls);
  }
  return distinctStrings(urls);
}

function collectImageUrls(value: unknown, underImageKey: boolean, into: string[]): void {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value) && (underImageKey || IMAGE_FILE.test(value))) into.push(value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item) => collectImageUrls(item, underImageKey, into));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'units') continue;
    collectImageUrls(child, underImageKey || IMAGE_KEY.test(key), into);
  }
}
