import { cleanText } from '../parse/values.js';
import type { BelowTheFold, MainHouseInfo } from './home-details-schemas.js';

/**
 * Amenities as the spec's label-to-value map. Labels are Redfin's own; a label seen twice
 * keeps its first value (Redfin repeats some entries across groups).
 */

/** belowTheFold amenity entries: amenityName to its values joined with ", ". */
export function amenitiesFromDetails(below: BelowTheFold | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const group of below?.amenitiesInfo?.superGroups ?? []) {
    for (const amenityGroup of group.amenityGroups) {
      for (const entry of amenityGroup.amenityEntries) {
        const values = entry.amenityValues.map(shownValue).filter((value): value is string => value !== null);
        if (!entry.amenityName || values.length === 0) continue;
        if (!(entry.amenityName in map)) map[entry.amenityName] = values.join(', ');
      }
    }
  }
  return map;
}

/** The key facts shown beside the price (mainHouseInfo selectedAmenities: header and content). */
export function amenitiesFromKeyFacts(main: MainHouseInfo | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const fact of main?.selectedAmenities ?? []) {
    const value = shownValue(fact.content);
    if (fact.header && value !== null && !(fact.header in map)) map[fact.header] = value;
  }
  return map;
}

/**
 * The rentals amenities body ({unitAmenities: [...], communityAmenities: [...], ...}): each
 * list becomes one label ("Unit amenities") with its items joined with ", ".
 */
export function amenitiesFromRentalLists(body: Record<string, unknown> | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of Object.entries(body ?? {})) {
    if (!Array.isArray(value)) continue;
    const items = value.filter((item): item is string => typeof item === 'string' && item !== '');
    if (items.length > 0) map[labelOfKey(key)] = items.join(', ');
  }
  return map;
}

/** "communityAmenities" → "Community amenities". */
function labelOfKey(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Redfin shows "—" where a value is unknown: that is no value, not a value. */
function shownValue(value: string | null | undefined): string | null {
  const text = cleanText(value);
  return text === null || /^[—–-]+$/.test(text) ? null : text;
}
