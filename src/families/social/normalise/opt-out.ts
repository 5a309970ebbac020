import { OPT_OUT_LABEL } from '../constants.js';

/**
 * The author's wish. An account whose view carries the self-label `!no-unauthenticated` asked
 * apps not to show it to logged-out viewers; the public AppView still serves it, and bsky.app hides
 * it from logged-out visitors. The gateway is a logged-out viewer, so it withholds such accounts:
 * the endpoints leave them out of their items, and `withoutOptedOut` removes every trace of them
 * from the raw payload.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when a profile view carries the opt-out label (a negated label does not count). */
export function isOptedOut(profile: unknown): boolean {
  if (!isObject(profile) || !Array.isArray(profile.labels)) return false;
  return profile.labels.some((label) => isObject(label) && label.val === OPT_OUT_LABEL && label.neg !== true);
}

/** A profile view: what the lexicon's actor views have in common. */
const isProfileView = (value: Json): boolean => typeof value.did === 'string' && typeof value.handle === 'string';

/** The opted-out account a view stands for or was written by (a post, a feed item, a list item, a thread node), if any. */
function optedOutOwner(value: Json): boolean {
  if (isProfileView(value)) return isOptedOut(value);
  if (isOptedOut(value.author) || isOptedOut(value.subject) || isOptedOut(value.creator)) return true;
  if (isObject(value.post) && isOptedOut(value.post.author)) return true;
  return isObject(value.reason) && isOptedOut(value.reason.by);
}

/** What stands in for a withheld post that something else refers to: the lexicon's not-found view. */
function notFoundView(value: Json): Json | undefined {
  const uri =
    typeof value.uri === 'string' ? value.uri : isObject(value.post) && typeof value.post.uri === 'string' ? value.post.uri : null;
  if (uri === null) return undefined;
  const type =
    typeof value.$type === 'string' && value.$type.startsWith('app.bsky.embed.record#')
      ? 'app.bsky.embed.record#viewNotFound'
      : 'app.bsky.feed.defs#notFoundPost';
  return { $type: type, uri, notFound: true };
}

/** Upstream JSON is bounded by the platform's own depth limits; this stops a hostile answer's recursion. */
const MAX_DEPTH = 64;

/**
 * A copy of an AppView answer with nothing of an opted-out account left: in arrays, their views
 * (and anything they wrote or reposted) are removed; a post of theirs that something refers to
 * (a quote, a reply's parent or root) becomes the not-found view; a key holding their profile
 * (a reply's grandparent author) is dropped. `viewer` objects, which only a logged-in call gets,
 * are dropped too.
 */
export function withoutOptedOut(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    return value.filter((each) => !(isObject(each) && optedOutOwner(each))).map((each) => withoutOptedOut(each, depth + 1));
  }
  if (!isObject(value)) return value;
  const copy: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'viewer') continue;
    if (isObject(child) && optedOutOwner(child)) {
      const stand = isProfileView(child) ? undefined : notFoundView(child);
      if (stand !== undefined) copy[key] = stand;
      continue;
    }
    copy[key] = withoutOptedOut(child, depth + 1);
  }
  return copy;
}
