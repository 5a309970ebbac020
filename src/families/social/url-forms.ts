import type { UrlForm } from '../../catalogue/url-forms.js';
import { ACCEPTED_INPUT_HOSTS } from './constants.js';

const SITE_HOSTS = [...ACCEPTED_INPUT_HOSTS];

/** The whole URL, read by the endpoint's own parameter parser (input/). */
const asParam = (param: string) => (url: URL) => ({ [param]: url.href });

/** The bsky.app pages the social endpoints read: a post, a feed, a list, a profile. */
export const socialUrlForms: readonly UrlForm[] = [
  {
    names: 'a post',
    hosts: SITE_HOSTS,
    path: /^\/profile\/[^/]+\/post\/[^/]+\/?$/,
    example: 'https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l',
    endpoint: '/v1/social/post',
    params: asParam('url'),
  },
  {
    names: 'a custom feed',
    hosts: SITE_HOSTS,
    path: /^\/profile\/[^/]+\/feed\/[^/]+\/?$/,
    example: 'https://bsky.app/profile/bsky.app/feed/whats-hot',
    endpoint: '/v1/social/feed',
    params: asParam('url'),
  },
  {
    names: 'a list',
    hosts: SITE_HOSTS,
    path: /^\/profile\/[^/]+\/lists\/[^/]+\/?$/,
    example: 'https://bsky.app/profile/bsky.app/lists/3kflf2r3lwg2x',
    endpoint: '/v1/social/list',
    params: asParam('url'),
  },
  {
    names: 'an account',
    hosts: SITE_HOSTS,
    path: /^\/profile\/[^/]+\/?$/,
    example: 'https://bsky.app/profile/bsky.app',
    endpoint: '/v1/social/profile',
    params: asParam('handle'),
  },
];
