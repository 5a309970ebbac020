/** Fixed facts about the Stack Exchange network shared by every module of the family. */

/** The `platform` value every qa resource carries. */
export const QA_PLATFORM = 'stackexchange';

/** The public API, version 2.3. Site pages are never fetched: their URLs are input and output only. */
export const API_HOST = 'api.stackexchange.com';
export const API_ORIGIN = `https://${API_HOST}/2.3`;
export const QA_HOSTS = [API_HOST] as const;

/** The site every endpoint reads when the caller names none. */
export const DEFAULT_SITE = 'stackoverflow';

/** Pages of questions, answers and search hits. */
export const PAGE_LIMIT = { default: 30, max: 100 };

/** The last page the API serves a caller without a key (page 26 and later are `access_denied`). */
export const ANONYMOUS_PAGE_CAP = 25;
/** The last page any cursor may name. */
export const MAX_PAGE = 10_000;

/** Most tags one `tagged` filter may hold (all required). */
export const MAX_TAGS = 5;

/** Seconds a method is held back after the API says its back-off was not respected (it names no wait). */
export const BACKOFF_VIOLATION_SECONDS = 60;

/** The optional registration key (not a login) that raises the daily quota; sent as the `key` query parameter. */
export const KEY_SETTING = 'STACKEXCHANGE_KEY';
