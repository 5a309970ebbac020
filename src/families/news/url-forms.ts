import type { UrlForm } from '../../catalogue/url-forms.js';
import { WEB_ORIGIN } from './constants.js';

const SITE_HOSTS = [new URL(WEB_ORIGIN).hostname];

/** The Hacker News pages the news endpoints read: an item and a user (their id is in the query). */
export const newsUrlForms: readonly UrlForm[] = [
  {
    names: 'an item (story, comment, job, poll)',
    hosts: SITE_HOSTS,
    path: /^\/item\/?$/,
    example: `${WEB_ORIGIN}/item?id=8863`,
    endpoint: '/v1/news/item',
    params: (url) => ({ url: url.href }),
  },
  {
    names: 'a user',
    hosts: SITE_HOSTS,
    path: /^\/user\/?$/,
    example: `${WEB_ORIGIN}/user?id=pg`,
    endpoint: '/v1/news/user',
    params: (url) => ({ username: url.href }),
  },
];
