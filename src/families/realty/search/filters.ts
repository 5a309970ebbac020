/**
 * Translates a Redfin search page's /filter/ segment into the query parameters of the gis
 * and rentals APIs, for the stingray fallback. Only filters whose API spelling is known are
 * translated; one unknown filter makes the whole segment untranslatable (null), because a
 * partly filtered API answer would not be the page's results. Such searches fall back to
 * the page's JSON-LD instead.
 */

/** Redfin's uipt codes of the property-type filter words. */
export const PROPERTY_TYPE_CODES: Readonly<Record<string, string>> = {
  house: '1',
  condo: '2',
  townhouse: '3',
  'multi-family': '4',
  multifamily: '4',
  land: '5',
  other: '6',
};

type Translator = (value: string) => [string, string] | null;

const count =
  (param: string): Translator =>
  (value) =>
    /^\d+(\.\d+)?$/.test(value) ? [param, value] : null;
const money =
  (param: string): Translator =>
  (value) => {
    const amount = moneyAmount(value);
    return amount === null ? null : [param, String(amount)];
  };

const TRANSLATORS: Readonly<Record<string, Translator>> = {
  'min-price': money('min_price'),
  'max-price': money('max_price'),
  'min-beds': count('num_beds'),
  'max-beds': count('max_num_beds'),
  'min-baths': count('num_baths'),
  'property-type': (value) => {
    const codes = value.split(/[+,]/).map((word) => PROPERTY_TYPE_CODES[word.toLowerCase()]);
    return codes.every((code) => code !== undefined) ? ['uipt', codes.join(',')] : null;
  },
};

/** API query pairs of a filter segment ("min-beds=2,max-price=500k"), or null when any filter is unknown. */
export function apiFilters(filter: string | null): [string, string][] | null {
  if (filter === null) return [];
  const pairs: [string, string][] = [];
  for (const token of decodeURIComponent(filter).split(',')) {
    if (token === '') continue;
    const [name = '', value = ''] = token.split('=', 2);
    const translated = TRANSLATORS[name]?.(value);
    if (!translated) return null;
    pairs.push(translated);
  }
  return pairs;
}

/** "300k" → 300000, "1.5M" → 1500000, "450000" → 450000. */
function moneyAmount(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(value);
  if (!match) return null;
  const factor = match[2] === '' ? 1 : /k/i.test(match[2]!) ? 1_000 : 1_000_000;
  return Math.round(Number(match[1]) * factor);
}
