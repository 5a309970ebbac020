import type { UrlForm } from '../../catalogue/url-forms.js';
import { INSTANCES_ENV } from './constants.js';

/**
 * Any host may run Mastodon, so pages are read only on the instances the operator lists in the
 * allowlist (none while it is unset): a page on another host stays another family's, or the
 * store fallback's. The endpoints' own parsers read the URL; the path shapes only tell the forms
 * of one host apart.
 */

const hosts = { setting: INSTANCES_ENV };
const EXAMPLE_HOST = 'social.example.com';

/** `/@user`, `/@user@domain` or `/users/user`, with an optional trailing slash. */
const ACCOUNT_PATH = /^\/(?:@[^/@]+(?:@[^/@]+)?|users\/[^/]+)\/?$/;
/** `/@user/ID`, `/@user@domain/ID` or `/users/user/statuses/ID`. */
const STATUS_PATH = /^\/(?:@[^/@]+(?:@[^/@]+)?\/[^/]+|users\/[^/]+\/statuses\/[^/]+)\/?$/;
/** `/tags/NAME`. */
const TAG_PATH = /^\/tags\/([^/]+)\/?$/;

function tagOf(pathname: string): string {
  const raw = TAG_PATH.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const fediverseUrlForms: readonly UrlForm[] = [
  {
    names: 'an account',
    hosts,
    path: ACCOUNT_PATH,
    example: `https://${EXAMPLE_HOST}/@someone`,
    endpoint: '/v1/fediverse/account',
    params: (url) => ({ account: `https://${url.host}${url.pathname}` }),
  },
  {
    names: 'a post',
    hosts,
    path: STATUS_PATH,
    example: `https://${EXAMPLE_HOST}/@someone/110000000000000001`,
    endpoint: '/v1/fediverse/post',
    params: (url) => ({ url: `https://${url.host}${url.pathname}` }),
  },
  {
    names: 'a hashtag timeline',
    hosts,
    path: TAG_PATH,
    example: `https://${EXAMPLE_HOST}/tags/opendata`,
    endpoint: '/v1/fediverse/hashtag',
    params: (url) => ({ instance: url.host, tag: tagOf(url.pathname) }),
  },
];
