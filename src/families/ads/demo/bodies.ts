/**
 * Synthetic answers of the ads platform's RPC, built in the recorded structure (numeric keys,
 * epoch seconds as strings, ranges as strings), for the demo world and the family's tests;
 * every advertiser, id and URL is invented.
 */

export const ADVERTISER = 'AR10000000000000000001';
export const OTHER_ADVERTISER = 'AR20000000000000000002';
export const DOMAIN = 'copperfield.example';

/** The `n`-th synthetic creative id (CR and 20 digits). */
export const creativeIdOf = (n: number): string => `CR${String(n).padStart(20, '0')}`;

const time = (iso: string) => ({ '1': String(Math.floor(Date.parse(iso) / 1000)), '2': 250_000_000 });

export const imagePreview = (n: number) => ({
  '3': { '2': `<img src="https://tpc.googlesyndication.com/archive/simgad/${n}" height="250" width="300">` },
  '5': true,
});
export const scriptPreview = (n: number) => ({
  '1': { '4': `https://displayads-formats.googleusercontent.com/ads/preview/content.js?creativeId=${n}&htmlParentId=r${n}` },
});

/** One creative of a search answer; `domain` only on a domain search, as the platform does. */
export function searchCreative(n: number, options: { advertiser?: string; name?: string; domain?: string; format?: number } = {}) {
  return {
    '1': options.advertiser ?? ADVERTISER,
    '2': creativeIdOf(n),
    '3': n % 2 === 0 ? imagePreview(n) : scriptPreview(n),
    '4': options.format ?? 1,
    '6': time('2026-01-05T10:00:00Z'),
    '7': time('2026-11-20T08:00:00Z'),
    '12': options.name ?? 'Copperfield & Sons Ltd',
    '13': 42,
    ...(options.domain ? { '14': options.domain } : {}),
  };
}

/** A SearchCreatives page: creatives, the next page's token when there is one, and the total range. */
export function searchPage(creatives: readonly object[], next: string | null, total = creatives.length) {
  return { '1': creatives, ...(next ? { '2': next } : {}), '4': String(total), '5': String(total) };
}

/** A GetCreativeById answer: variants, format code and regions (geo ids with their dates). */
export function lookupAnswer(n: number, options: { advertiser?: string; format?: number; geoIds?: number[] } = {}) {
  return {
    '1': {
      '1': options.advertiser ?? ADVERTISER,
      '2': creativeIdOf(n),
      '4': time('2026-11-19T12:00:00Z'),
      '5': [imagePreview(n), scriptPreview(n + 1)],
      '8': options.format ?? 3,
      '17': (options.geoIds ?? [2840, 20340, 2999]).map((id) => ({ '1': id, '5': 20261119 })),
      '22': { '1': 'Copperfield & Sons Ltd' },
    },
  };
}

/** A SearchSuggestions answer: advertiser entries, then domain entries, then a token. */
export function suggestionsAnswer() {
  return {
    '1': [
      { '1': { '1': 'Copperfield & Sons Ltd', '2': ADVERTISER, '3': 'GB', '4': { '2': { '1': '12', '2': '12' } } } },
      { '1': { '1': 'Copperfield Media', '2': OTHER_ADVERTISER, '3': 'US', '4': { '2': { '1': '100', '2': '200' } } } },
      { '2': { '1': DOMAIN } },
    ],
    '3': 'token/with+slash==',
  };
}

/** The platform's error object. */
export const ERROR_OBJECT = { '2': 'BadRequestException: synthetic', '5': 400, '9': 3 };

/** The question a call asks: the decoded `f.req` of its form body (null without one). */
export const questionOf = (body: string): unknown => JSON.parse(new URLSearchParams(body).get('f.req') ?? 'null');

/** The value at `path` inside a decoded question; undefined where any step is missing. */
export const fieldAt = (value: unknown, ...path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), value);
