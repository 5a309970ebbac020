/** Fixed facts about Apple Podcasts and podcast feeds, shared by every module of the family. */

/** The `platform` of every resource the family serves. */
export const PLATFORM = 'apple_podcasts';

/** Apple's Search and Lookup API: the family's one declared host. */
export const ITUNES_HOST = 'itunes.apple.com';

/** The host of Apple's show and episode pages (canonical URLs; never fetched). */
export const PODCASTS_PAGE_HOST = 'podcasts.apple.com';

/** Search results: Apple serves up to 200; the family's default is Apple's own 25. */
export const SEARCH_LIMIT = { default: 25, max: 200 } as const;

/** Episodes a page. */
export const EPISODES_LIMIT = { default: 20, max: 100 } as const;

/** The largest answers read: a larger one is upstream_schema_drift. */
export const MAX_APPLE_BYTES = 4 * 1024 * 1024;
export const MAX_FEED_BYTES = 64 * 1024 * 1024;
export const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;

/** Feed shape bounds: one item's characters, the nesting, the channel's elements (items included). */
export const MAX_ITEM_CHARS = 4 * 1024 * 1024;
export const MAX_FEED_DEPTH = 32;
export const MAX_FEED_RECORDS = 200_000;

/** Redirect hops followed from a feed or transcript host. */
export const MAX_REDIRECTS = 5;

/** Apple's documented pace, calls a minute, when PODCASTS_ITUNES_PER_MINUTE is unset. */
export const DEFAULT_ITUNES_PER_MINUTE = 20;

/** How long a throttled host is left alone when its answer names no Retry-After. */
export const DEFAULT_THROTTLE_SECONDS = 60;

/** Requests name the gateway; they carry no cookie or authorization. */
export const PODCASTS_USER_AGENT = 'public-data-gateway/0.1 (podcast directory and feed reader; +https://github.com/public-data-gateway)';

/** The itunes namespace, compared in lower case (feeds spell it in several cases). */
export const ITUNES_NAMESPACE = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

/** The Podcasting 2.0 namespace, at its address and at the older one feeds of 2021 bind. */
export const PODCAST_NAMESPACES: readonly string[] = [
  'https://podcastindex.org/namespace/1.0',
  'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md',
];

export const CONTENT_NAMESPACE = 'http://purl.org/rss/1.0/modules/content/';
