/**
 * Character rules for every Reddit identifier that reaches an upstream URL. Nothing the
 * caller typed is interpolated into a URL unless it matched one of these first.
 */

/** Post and comment ids are base36 (Reddit serves them lower-case). */
export const BASE36_ID = /^[a-z0-9]{1,13}$/;

/** Community names: letters, digits and underscore, 2 to 21 characters. */
export const SUBREDDIT_NAME = /^[A-Za-z0-9_]{2,21}$/;

/** Account names: letters, digits, underscore and hyphen, 3 to 20 characters. */
export const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;

/** v.redd.it media ids (base36, 13 characters today; a little slack for older ones). */
export const VIDEO_ID = /^[a-z0-9]{1,20}$/;

/** A listing cursor: the fullname of the last post of the previous page. */
export const POST_FULLNAME = /^t3_[a-z0-9]{1,13}$/;

/** Returns the base36 id when `value` (optionally prefixed `prefix`) is one, else null. */
export function readBase36Id(value: string, prefix: 't1_' | 't3_'): string | null {
  let candidate = value.trim().toLowerCase();
  if (candidate.startsWith(prefix)) candidate = candidate.slice(prefix.length);
  return BASE36_ID.test(candidate) ? candidate : null;
}
