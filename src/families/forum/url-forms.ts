import type { UrlForm } from '../../catalogue/url-forms.js';
import { TIMEFRAMES } from './endpoints/params.js';

/** The hosts a Reddit page is pasted from: the site and its old, new, mobile and share aliases. */
const SITE_HOSTS = [
  'reddit.com',
  'www.reddit.com',
  'old.reddit.com',
  'new.reddit.com',
  'np.reddit.com',
  'm.reddit.com',
  'i.reddit.com',
  'sh.reddit.com',
];

/** The whole URL, read by the endpoint's own parameter parser (input/). */
const asParam = (param: string) => (url: URL) => ({ [param]: url.href });

/** The tabs of a community page, each a sort of its posts listing. */
const COMMUNITY_TABS = ['hot', 'new', 'top', 'rising', 'controversial'] as const;
/** The orders of an account's submissions page (its `?sort=`), as the submissions listing takes them. */
const SUBMISSION_SORTS = ['new', 'hot', 'top'] as const;

/** The last path segment of a page, lower case: the tab it shows. */
const tabOf = (url: URL): string => url.pathname.replace(/\/+$/, '').split('/').pop()!.toLowerCase();

/** `value` when it is one of `allowed`, for a listing parameter read off a page. */
const oneOf = (value: string | null, allowed: readonly string[]): string | undefined =>
  value !== null && allowed.includes(value.toLowerCase()) ? value.toLowerCase() : undefined;

/**
 * A ranked page's time window (`?t=week` on a top tab), when it is one the listing takes: another
 * value is Reddit's own default, not a reason to refuse the page.
 */
const timeframeOf = (url: URL, sort: string | undefined): Record<string, string> => {
  const timeframe = oneOf(url.searchParams.get('t'), TIMEFRAMES);
  return timeframe !== undefined && (sort === 'top' || sort === 'controversial') ? { timeframe } : {};
};

/** A community page, or one of its tabs: its posts in that order. */
function communityListing(url: URL): Record<string, string> {
  const sort = oneOf(tabOf(url), COMMUNITY_TABS) ?? 'hot';
  return { subreddit: url.href, sort, ...timeframeOf(url, sort) };
}

/** An account's submissions page: its posts in the page's order. */
function submissionsListing(url: URL): Record<string, string> {
  const sort = oneOf(url.searchParams.get('sort'), SUBMISSION_SORTS) ?? 'new';
  return { username: url.href, sort, ...(sort === 'top' ? timeframeOf(url, sort) : {}) };
}

/** The Reddit pages the forum endpoints read, narrowest first. */
export const forumUrlForms: readonly UrlForm[] = [
  {
    names: 'a post',
    hosts: SITE_HOSTS,
    path: /^\/(?:r\/[^/]+\/)?(?:comments|gallery)\/[^/]+/i,
    example: 'https://www.reddit.com/r/redditdev/comments/1abc2d/a_post_title/',
    endpoint: '/v1/forum/post',
    params: asParam('url'),
  },
  {
    names: 'a post (short link)',
    hosts: ['redd.it'],
    path: /^\/[a-z0-9]+\/?$/i,
    example: 'https://redd.it/1abc2d',
    endpoint: '/v1/forum/post',
    params: asParam('url'),
  },
  {
    names: "a video's captions",
    hosts: ['v.redd.it'],
    path: /^\/[a-z0-9]+\/?$/i,
    example: 'https://v.redd.it/abc123def456g',
    endpoint: '/v1/forum/post/transcript',
    params: asParam('url'),
  },
  {
    // A community page shows its posts: the listing, so it can be batched and watched.
    names: "a community's posts",
    hosts: SITE_HOSTS,
    path: /^\/r\/[^/]+(?:\/(?:hot|new|top|rising|controversial))?\/?$/i,
    example: 'https://www.reddit.com/r/redditdev/new/',
    endpoint: '/v1/forum/subreddit',
    params: communityListing,
    node: { endpoint: '/v1/forum/subreddit/details', params: asParam('subreddit') },
  },
  {
    names: 'a community',
    hosts: SITE_HOSTS,
    path: /^\/r\/[^/]+\/about\/?$/i,
    example: 'https://www.reddit.com/r/redditdev/about/',
    endpoint: '/v1/forum/subreddit/details',
    params: asParam('subreddit'),
  },
  {
    names: "an account's submissions",
    hosts: SITE_HOSTS,
    path: /^\/(?:u|user)\/[^/]+\/submitted\/?$/i,
    example: 'https://www.reddit.com/user/spez/submitted/',
    endpoint: '/v1/forum/user/posts',
    params: submissionsListing,
    node: { endpoint: '/v1/forum/user', params: asParam('username') },
  },
  {
    names: 'an account',
    hosts: SITE_HOSTS,
    path: /^\/(?:u|user)\/[^/]+(?:\/(?:overview|comments))?\/?$/i,
    example: 'https://www.reddit.com/user/spez/',
    endpoint: '/v1/forum/user',
    params: asParam('username'),
  },
];
