/** Fixed facts about the fediverse family shared by its modules. */

/** The `platform` value every fediverse resource carries: the API it speaks. */
export const FEDIVERSE_PLATFORM = 'mastodon';

/** meta.reason of a result withheld at its author's request (the account's `noindex`). */
export const OPTED_OUT_REASON = 'author_opted_out';

/** Why accounts that asked not to be suggested are left out of account search. */
export const NOT_DISCOVERABLE_REASON = 'not_discoverable';

/** The setting naming the instances callers may ask for (unset: any public host). */
export const INSTANCES_ENV = 'FEDIVERSE_INSTANCES';

/** A logged-out context holds at most this many descendants: a full one may have more. */
export const CONTEXT_DESCENDANTS_CAP = 60;

/** Most items a page may ask for (the API's own bound for statuses and accounts). */
export const MAX_PAGE = 40;
export const DEFAULT_PAGE = 20;
