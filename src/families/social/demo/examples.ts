import type { DemoExample } from '../../../catalogue/demo-world.js';
import { didFor, postUri } from './views.js';

/** One example per social endpoint, answered by the demo world (`npm run demo` prints them). */

const DEMO_ACCOUNT = 'ana.example.com';
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const SOCIAL_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/social/profile',
    what: 'a Bluesky profile from @handle',
    path: `/v1/social/profile?${query({ handle: `@${DEMO_ACCOUNT}` })}`,
  },
  {
    endpoint: '/v1/social/profile/posts',
    what: 'posts and reposts, the pinned post first, an opted-out repost withheld',
    path: `/v1/social/profile/posts?${query({ handle: DEMO_ACCOUNT, include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/social/post',
    what: 'one post from its bsky.app URL',
    path: `/v1/social/post?${query({ url: `https://bsky.app/profile/${DEMO_ACCOUNT}/post/hello1` })}`,
  },
  {
    endpoint: '/v1/social/post/replies',
    what: 'replies depth-first, with skipped and withheld ones counted',
    path: `/v1/social/post/replies?${query({ url: postUri(DEMO_ACCOUNT, 'hello1') })}`,
  },
  {
    endpoint: '/v1/social/feed',
    what: 'a custom feed from a URL naming its owner by handle',
    path: `/v1/social/feed?${query({ url: `https://bsky.app/profile/${DEMO_ACCOUNT}/feed/picks` })}`,
  },
  {
    endpoint: '/v1/social/list',
    what: "a list's members (raw.list)",
    path: `/v1/social/list?${query({ url: `at://${didFor(DEMO_ACCOUNT)}/app.bsky.graph.list/friends`, include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/social/profile/followers',
    what: "an account's followers",
    path: `/v1/social/profile/followers?${query({ handle: `https://bsky.app/profile/${DEMO_ACCOUNT}` })}`,
  },
  { endpoint: '/v1/social/search/users', what: 'account search', path: `/v1/social/search/users?${query({ query: 'friend' })}` },
];
