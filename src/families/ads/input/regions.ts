import { ISO_NUMERIC_BY_ALPHA2 } from '../../../model/countries.js';

/**
 * Regions as the platform names them: Google geo-target ids, which are 2000 + the ISO 3166-1
 * numeric code of the country, with one exception in the platform's region list (Isle of Man,
 * 20340). The list holds every ISO 3166-1 country but twelve; a code outside it is refused
 * rather than sent, because the platform answers an id it does not know with an empty result
 * that would read as "no ads there".
 */

/** Countries the platform's region list leaves out (sanctioned or disputed territories, and a few collectivities). */
const NOT_LISTED: ReadonlySet<string> = new Set(['AF', 'AX', 'BL', 'CU', 'IR', 'KP', 'MF', 'RS', 'RU', 'SD', 'SS', 'SY']);

/** Geo ids that are not 2000 + ISO numeric. */
const EXCEPTIONS: Readonly<Record<string, number>> = { IM: 20340 };

/** ISO alpha-2 -> the platform's geo id, for every region the platform lists. */
export const GEO_ID_BY_REGION: ReadonlyMap<string, number> = new Map(
  Object.entries(ISO_NUMERIC_BY_ALPHA2)
    .filter(([code]) => !NOT_LISTED.has(code))
    .map(([code, numeric]) => [code, EXCEPTIONS[code] ?? 2000 + numeric]),
);

const REGION_BY_GEO_ID: ReadonlyMap<number, string> = new Map([...GEO_ID_BY_REGION].map(([code, id]) => [id, code]));

/** The ISO code of a geo id the platform gave, or null (an id of a region outside its list, or not a country). */
export const regionOfGeoId = (geoId: number): string | null => REGION_BY_GEO_ID.get(geoId) ?? null;
