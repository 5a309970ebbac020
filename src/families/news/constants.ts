/** Fixed facts about Hacker News shared by every module of the family. */

/** The `platform` value every news resource carries. */
export const NEWS_PLATFORM = 'hackernews';

/** The official API (Firebase): items, lists and users as JSON under /v0. It states no rate limit. */
export const FIREBASE_HOST = 'hacker-news.firebaseio.com';
export const FIREBASE_ORIGIN = `https://${FIREBASE_HOST}/v0`;

/** HN Search (Algolia): searches and whole comment trees. It limits one address to 10,000 requests an hour. */
export const ALGOLIA_HOST = 'hn.algolia.com';
export const ALGOLIA_ORIGIN = `https://${ALGOLIA_HOST}/api/v1`;

/** Every host the family fetches. The web site is never fetched: its URLs are input and output only. */
export const NEWS_HOSTS = [FIREBASE_HOST, ALGOLIA_HOST] as const;

/** The web site, for canonical URLs of items and users. */
export const WEB_ORIGIN = 'https://news.ycombinator.com';

export const itemWebUrl = (id: string | number): string => `${WEB_ORIGIN}/item?id=${id}`;
export const userWebUrl = (name: string): string => `${WEB_ORIGIN}/user?id=${name}`;

/** Item GETs one call keeps in flight at once (a story page, the comment walk). */
export const ITEM_FETCH_CONCURRENCY = 10;

/** What a comment tree may hold: deeper levels and later comments are left out (hasMore). */
export const COMMENT_DEPTH = { default: 10, max: 10 };
export const COMMENT_LIMIT = { default: 200, max: 500 };

/** Pages of stories, submissions and search hits. */
export const PAGE_LIMIT = { default: 30, max: 100 };

/** Seconds a host is held back after a 429 that names no wait (HN Search sends none). */
export const DEFAULT_RATE_LIMIT_SECONDS = 60;
