import type { School } from '../model.js';
import { absoluteUrl, numberFromText } from '../parse/values.js';
import type { BelowTheFold, SchoolEntry } from './home-details-schemas.js';

/**
 * The schools serving the home (belowTheFold servingThisHomeSchools; the shorter
 * schoolsToShowOnDP list when that one is absent). Distances are in miles on both
 * marketplaces (the field is distanceInMiles). `rating` is the GreatSchools rating when the
 * body has one; Redfin's parentRating is a review average and is not used.
 */
export function schoolsOf(below: BelowTheFold | null, origin: string): School[] {
  const info = below?.schoolsAndDistrictsInfo;
  if (!info) return [];
  const entries = info.servingThisHomeSchools.length > 0 ? info.servingThisHomeSchools : info.schoolsToShowOnDP;
  return entries.map((entry) => toSchool(entry, origin));
}

function toSchool(entry: SchoolEntry, origin: string): School {
  const distance = typeof entry.distanceInMiles === 'number' ? entry.distanceInMiles : numberFromText(entry.distanceInMiles ?? null);
  return {
    name: entry.name,
    grades: entry.gradeRanges ?? null,
    distance,
    distanceUnit: distance === null ? null : 'mi',
    rating: entry.greatSchoolsRating ?? null,
    type: entry.institutionType ?? null,
    url: absoluteUrl(origin, entry.schoolUrl),
  };
}
