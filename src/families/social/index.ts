import { defineFamily } from '../../catalogue/family.js';
import { SOCIAL_HOSTS } from './constants.js';
import { socialFeedEndpoint } from './endpoints/feed.js';
import { socialListEndpoint } from './endpoints/list.js';
import { socialPostRepliesEndpoint } from './endpoints/post-replies.js';
import { socialPostEndpoint } from './endpoints/post.js';
import { socialProfileFollowersEndpoint } from './endpoints/profile-followers.js';
import { socialProfilePostsEndpoint } from './endpoints/profile-posts.js';
import { socialProfileEndpoint } from './endpoints/profile.js';
import { socialSearchUsersEndpoint } from './endpoints/search-users.js';
import { socialEdges } from './graph.js';
import { socialRefetch } from './refetch.js';
import { readHostBudget } from './upstream/rate-budget.js';
import { socialUrlForms } from './url-forms.js';

/**
 * The social family: Bluesky's public AppView, read anonymously (no account, token or cookie).
 * Profiles, posts, threads, custom feeds, lists, followers and account search; accounts that
 * asked apps not to show them to logged-out viewers are withheld. Post search is closed to
 * logged-out callers, so there is none.
 */
export const socialFamily = defineFamily({
  name: 'social',
  hosts: SOCIAL_HOSTS,
  readBudget: readHostBudget,
  endpoints: [
    socialProfileEndpoint,
    socialProfilePostsEndpoint,
    socialPostEndpoint,
    socialPostRepliesEndpoint,
    socialFeedEndpoint,
    socialListEndpoint,
    socialProfileFollowersEndpoint,
    socialSearchUsersEndpoint,
  ],
  urlForms: socialUrlForms,
  edges: socialEdges,
  refetch: socialRefetch,
  demo: async () => (await import('./demo/world.js')).socialDemo,
});
