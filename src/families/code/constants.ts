/** Fixed facts about the code-hosting platform (GitHub) shared by every module of the family. */

/** The `platform` value every code resource carries. */
export const CODE_PLATFORM = 'github';

/** The REST API, read anonymously (60 requests an hour per egress address). */
export const API_ORIGIN = 'https://api.github.com';

/** The logged-out web site: the trending pages, and the canonical URLs of every resource. */
export const WEB_ORIGIN = 'https://github.com';

/** Every host the code family fetches (the upstream layer refuses any other). */
export const CODE_HOSTS = ['api.github.com', 'github.com'] as const;

/** Hosts a caller's URL may name: the web site (with or without www) and the API itself. */
export const ACCEPTED_INPUT_HOSTS: ReadonlySet<string> = new Set(['github.com', 'www.github.com', 'api.github.com']);

/**
 * Headers of every API request: the documented media type and a pinned API version, so a
 * default-version change on the platform cannot silently change the shapes read here.
 * No Authorization header, ever: the family runs logged out.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

/** Headers of the trending page requests (HTML). */
export const WEB_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml',
};

/** The platform serves a user's public events up to this many, whatever the paging. */
export const ACTIVITY_EVENT_CAP = 300;
