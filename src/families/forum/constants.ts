/** Fixed facts about the forum platform (Reddit) shared by every forum module. */

/** The `platform` value every forum resource carries. */
export const FORUM_PLATFORM = 'reddit';

/** Logged-out web origin: every JSON listing, Atom feed and HTML page is fetched from here. */
export const REDDIT_ORIGIN = 'https://www.reddit.com';

/** Reddit's video host; DASH/HLS manifests and caption files live here. */
export const VIDEO_HOST_ORIGIN = 'https://v.redd.it';

/** Every host the forum family fetches (the upstream layer refuses any other). */
export const FORUM_HOSTS = ['www.reddit.com', 'v.redd.it'] as const;
