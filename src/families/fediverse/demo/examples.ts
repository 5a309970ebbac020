import type { DemoExample } from '../../../catalogue/demo-world.js';
import { HOME, localId, OTHER_HOME } from './entities.js';

/** One example per fediverse endpoint, answered by the demo world (`npm run demo` prints them). */

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const PHOTOS = `https://${HOME}/@alice/${localId('alice@one.example.net/photos', HOME)}`;

export const FEDIVERSE_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/fediverse/account',
    what: 'an account from @user@host',
    path: `/v1/fediverse/account?${query({ account: `@alice@${HOME}` })}`,
  },
  {
    endpoint: '/v1/fediverse/account/posts',
    what: "an account's posts and reblogs, an opted-out author's reblog withheld",
    path: `/v1/fediverse/account/posts?${query({ account: `https://${HOME}/@alice`, include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/fediverse/post',
    what: 'one post with a content warning, from its URL',
    path: `/v1/fediverse/post?${query({ url: PHOTOS })}`,
  },
  {
    endpoint: '/v1/fediverse/post/replies',
    what: 'replies depth-first, an opted-out reply withheld with the one under it',
    path: `/v1/fediverse/post/replies?${query({ url: PHOTOS })}`,
  },
  {
    endpoint: '/v1/fediverse/hashtag',
    what: "a hashtag's timeline on one instance",
    path: `/v1/fediverse/hashtag?${query({ instance: HOME, tag: '#maps' })}`,
  },
  {
    endpoint: '/v1/fediverse/instance',
    what: 'an older instance read from its v1 document',
    path: `/v1/fediverse/instance?${query({ instance: OTHER_HOME })}`,
  },
  {
    endpoint: '/v1/fediverse/search/accounts',
    what: 'account search, opted-out and undiscoverable accounts left out',
    path: `/v1/fediverse/search/accounts?${query({ instance: HOME, query: 'example' })}`,
  },
];
