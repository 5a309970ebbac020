import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { didFor, postUri } from './views.js';

/** One example per social endpoint, answered by the demo world (`npm run demo` prints them). */

const DEMO_ACCOUNT = 'ana.example.com';

export const SOCIAL_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/social/profile', 'a Bluesky profile from @handle', { handle: `@${DEMO_ACCOUNT}` }),
  demoExample('/v1/social/profile/posts', 'posts and reposts, the pinned post first, an opted-out repost withheld', {
    handle: DEMO_ACCOUNT,
    include_raw: 'true',
  }),
  demoExample('/v1/social/post', 'one post from its bsky.app URL', { url: `https://bsky.app/profile/${DEMO_ACCOUNT}/post/hello1` }),
  demoExample('/v1/social/post/replies', 'replies depth-first, with skipped and withheld ones counted', {
    url: postUri(DEMO_ACCOUNT, 'hello1'),
  }),
  demoExample('/v1/social/feed', 'a custom feed from a URL naming its owner by handle', {
    url: `https://bsky.app/profile/${DEMO_ACCOUNT}/feed/picks`,
  }),
  demoExample('/v1/social/list', "a list's members (raw.list)", {
    url: `at://${didFor(DEMO_ACCOUNT)}/app.bsky.graph.list/friends`,
    include_raw: 'true',
  }),
  demoExample('/v1/social/profile/followers', "an account's followers", { handle: `https://bsky.app/profile/${DEMO_ACCOUNT}` }),
  demoExample('/v1/social/search/users', 'account search', { query: 'friend' }),
];
