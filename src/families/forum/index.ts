import type { FamilyDefinition } from '../../catalogue/endpoint.js';
import { FORUM_HOSTS } from './constants.js';
import { forumCommentRepliesEndpoint } from './endpoints/comment-replies.js';
import { forumPostCommentsEndpoint } from './endpoints/post-comments.js';
import { forumPostTranscriptEndpoint } from './endpoints/post-transcript.js';
import { forumPostEndpoint } from './endpoints/post.js';
import { forumSearchEndpoint } from './endpoints/search.js';
import { forumSubredditDetailsEndpoint } from './endpoints/subreddit-details.js';
import { forumSubredditEndpoint } from './endpoints/subreddit.js';
import { forumUserPostsEndpoint } from './endpoints/user-posts.js';
import { forumUserEndpoint } from './endpoints/user.js';

/**
 * The forum family (spec 4.2): Reddit's logged-out JSON listings, with Atom feeds and the
 * community web page as fallbacks, and v.redd.it manifests for captions.
 */
export const forumFamily: FamilyDefinition = {
  name: 'forum',
  hosts: FORUM_HOSTS,
  proxyEnv: 'FORUM_PROXY_URL',
  requiresResidentialProxy: false,
  endpoints: [
    forumPostEndpoint,
    forumPostCommentsEndpoint,
    forumCommentRepliesEndpoint,
    forumPostTranscriptEndpoint,
    forumSearchEndpoint,
    forumSubredditEndpoint,
    forumSubredditDetailsEndpoint,
    forumUserEndpoint,
    forumUserPostsEndpoint,
  ],
};
