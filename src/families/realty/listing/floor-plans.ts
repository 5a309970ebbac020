import { distinctStrings } from '../parse/values.js';
import type { FloorPlans } from './rental-schemas.js';

const IMAGE_KEY = /photo|image|floor ?plan|picture/i;
const IMAGE_FILE = /\.(jpe?g|png|webp|gif)(\?.*)?$/i;

/**
 * Floor-plan images of a rental building: the image URLs found on its unit types (the
 * "All" group repeats the per-bedroom groups, so unit types are taken once by unitTypeId).
 * No recorded floorPlans body exists, so the image field names are not assumed: any http(s)
 * string held under a photo/image/floor-plan key, or naming an image file, counts; the
 * `units` of a unit type (individual apartments) are skipped.
 */
export function floorPlanImageUrls(floorPlans: FloorPlans | null): string[] {
  const seenTypes = new Set<string>();
  const urls: string[] = [];
  for (const group of floorPlans?.unitTypesByBedroom ?? []) {
    for (const unitType of group.availableUnitTypes) {
      if (unitType === null || typeof unitType !== 'object') continue;
      const id = (unitType as { unitTypeId?: unknown }).unitTypeId;
      if (typeof id === 'string' || typeof id === 'number') {
        if (seenTypes.has(String(id))) continue;
        seenTypes.add(String(id));
      }
      collectImageUrls(unitType, false, urls);
    }
  }
  return distinctStrings(urls);
}

/** How many distinct unit types (floor plans) the building offers, for raw. */
export function unitTypeCount(floorPlans: FloorPlans | null): number {
  const ids = new Set<string>();
  for (const group of floorPlans?.unitTypesByBedroom ?? []) {
    group.availableUnitTypes.forEach((unitType, index) => {
      const id = unitType !== null && typeof unitType === 'object' ? (unitType as { unitTypeId?: unknown }).unitTypeId : undefined;
      ids.add(typeof id === 'string' || typeof id === 'number' ? String(id) : `${group.bedroomTitle}#${index}`);
    });
  }
  return ids.size;
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
