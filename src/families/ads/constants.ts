/** Fixed facts about the advertising-library platform (Google's Ads Transparency Center). */

/** The `platform` value of every ad and advertiser the family returns. */
export const ADS_PLATFORM = 'google_ads';

/** The site, whose own page calls the RPC the family reads; also the origin of every canonical URL. */
export const ADS_ORIGIN = 'https://adstransparency.google.com';

/**
 * The only host the family fetches. Previews live on other hosts (tpc.googlesyndication.com,
 * displayads-formats.googleusercontent.com): they are passed on to callers as URLs, never fetched.
 */
export const ADS_HOSTS = ['adstransparency.google.com'] as const;

/** The RPC methods the family calls, each `POST /anji/_/rpc/{method}?authuser=0`. */
export const RPC_METHODS = {
  searchCreatives: 'SearchService/SearchCreatives',
  creativeById: 'LookupService/GetCreativeById',
  suggestions: 'SearchService/SearchSuggestions',
} as const;
export type RpcMethod = (typeof RPC_METHODS)[keyof typeof RPC_METHODS];

/**
 * What the site's own page sends, logged out: no cookie, token or account. The RPC answers a
 * request with its origin, referer and `x-same-domain`; a browser user agent keeps it from
 * treating the call as an unknown client.
 */
export const RPC_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
  accept: 'application/json',
  'x-same-domain': '1',
  origin: ADS_ORIGIN,
  referer: `${ADS_ORIGIN}/`,
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

/** The platform's page size bound, and the gateway's default (the site's own page asks for 40). */
export const PAGE = { default: 40, max: 100 } as const;

/** Suggestions the site asks for (advertisers and domains, each). */
export const SUGGESTION_COUNT = 10;

/** Advertiser and creative ids: a two-letter prefix and digits (20 in every id seen; a bound, not a fixed length). */
export const ADVERTISER_ID = /^AR\d{1,30}$/;
export const CREATIVE_ID = /^CR\d{1,30}$/;

export const advertiserPageUrl = (advertiserId: string): string => `${ADS_ORIGIN}/advertiser/${advertiserId}`;
export const creativePageUrl = (advertiserId: string, creativeId: string): string =>
  `${ADS_ORIGIN}/advertiser/${advertiserId}/creative/${creativeId}`;
