import type { UrlForm } from '../../catalogue/url-forms.js';

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
    names: 'a community',
    hosts: SITE_HOSTS,
    path: /^\/r\/[^/]+(?:\/(?:hot|new|top|rising|controversial|about))?\/?$/i,
    example: 'https://www.reddit.com/r/redditdev/',
    endpoint: '/v1/forum/subreddit/details',
    params: asParam('subreddit'),
  },
  {
    names: 'an account',
    hosts: SITE_HOSTS,
    path: /^\/(?:u|user)\/[^/]+(?:\/(?:overview|submitted|comments))?\/?$/i,
    example: 'https://www.reddit.com/user/spez/',
    endpoint: '/v1/forum/user',
    params: asParam('username'),
  },
];
