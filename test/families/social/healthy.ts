import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import { appViewRoute } from '../../../src/families/social/demo/appview.js';
import { didFor } from '../../../src/families/social/demo/views.js';

/** An account of its own per variant: the fake AppView answers any such name healthy. */
const account = (variant: number) => `user${variant}.example.com`;

/** The social family's healthy AppView for the hardening suites, and one request per endpoint. */
export const healthy: HealthyFamily = {
  route: appViewRoute(),
  scenarios: {
    '/v1/social/profile': (variant) => ({ handle: account(variant) }),
    '/v1/social/profile/posts': (variant) => ({ handle: account(variant) }),
    '/v1/social/post': (variant) => ({ url: `https://bsky.app/profile/${account(variant)}/post/p${variant}` }),
    '/v1/social/post/replies': (variant) => ({ url: `at://${didFor(account(variant))}/app.bsky.feed.post/p${variant}` }),
    '/v1/social/feed': (variant) => ({ url: `https://bsky.app/profile/${account(variant)}/feed/picks${variant}` }),
    '/v1/social/list': (variant) => ({ url: `at://${didFor(account(variant))}/app.bsky.graph.list/l${variant}` }),
    '/v1/social/profile/followers': (variant) => ({ handle: account(variant) }),
    '/v1/social/search/users': (variant) => ({ query: `user ${variant}` }),
  },
  pages: ['https://bsky.app/profile/user7.example.com/post/p7'],
};
