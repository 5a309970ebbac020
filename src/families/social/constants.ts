/** Fixed facts about the social platform (Bluesky) shared by every module of the family. */

/** The `platform` value every social resource carries. */
export const SOCIAL_PLATFORM = 'bluesky';

/**
 * The public AppView: the cached, anonymous read API Bluesky asks public-web callers to use.
 * No account, token or cookie is ever sent, and no PDS is contacted.
 */
export const APPVIEW_ORIGIN = 'https://public.api.bsky.app';

/** Every host the social family fetches (the upstream layer refuses any other). */
export const SOCIAL_HOSTS = ['public.api.bsky.app'] as const;

/** The web app: input URLs name it, and every resource's canonical page is on it. */
export const WEB_ORIGIN = 'https://bsky.app';

/** Hosts a caller's URL may name. */
export const ACCEPTED_INPUT_HOSTS: ReadonlySet<string> = new Set(['bsky.app', 'www.bsky.app']);

/**
 * The self-label by which an account asks apps not to show it to logged-out viewers. The AppView
 * still serves such accounts to anonymous callers; the gateway, which is one, withholds them.
 */
export const OPT_OUT_LABEL = '!no-unauthenticated';

/** meta.reason of a result withheld at its author's request. */
export const OPTED_OUT_REASON = 'author_opted_out';

/** The record collections a caller's at:// URI may name, by what it names. */
export const COLLECTIONS = {
  post: 'app.bsky.feed.post',
  feed: 'app.bsky.feed.generator',
  list: 'app.bsky.graph.list',
} as const;
export type RecordKind = keyof typeof COLLECTIONS;
