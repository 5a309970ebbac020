import { defineFamily } from '../../catalogue/family.js';
import { forumUrlForms } from './url-forms.js';
import { FORUM_HOSTS } from './constants.js';
import { forumEdges } from './graph.js';
import { forumRefetch } from './refetch.js';
import { forumGraphQLExamples } from './graphql-examples.js';
import { forumCommentRepliesEndpoint } from './endpoints/comment-replies.js';
import { forumPostCommentsEndpoint } from './endpoints/post-comments.js';
import { forumPostTranscriptEndpoint } from './endpoints/post-transcript.js';
import { forumPostEndpoint } from './endpoints/post.js';
import { forumSearchEndpoint } from './endpoints/search.js';
import { forumSubredditDetailsEndpoint } from './endpoints/subreddit-details.js';
import { forumSubredditEndpoint } from './endpoints/subreddit.js';
import { forumUserPostsEndpoint } from './endpoints/user-posts.js';
import { forumUserEndpoint } from './endpoints/user.js';
import { readRedditBudget } from './upstream/budget.js';

/**
 * The forum family: Reddit's logged-out JSON listings, with Atom feeds and the
 * community web page as fallbacks, and v.redd.it manifests for captions.
 */
export const forumFamily = defineFamily({
  name: 'forum',
  hosts: FORUM_HOSTS,
  blockPages: {
    // The classic bot page and the newer network-security page; "pardner" is only ever the bot page's.
    markers: [/whoa there,? pardner/i, /blocked by network security/i],
    titles: [/pardner/i],
  },
  readBudget: readRedditBudget,
  concurrency: 8,
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
  urlForms: forumUrlForms,
  edges: forumEdges,
  refetch: forumRefetch,
  graphqlExamples: forumGraphQLExamples,
  demo: async () => (await import('./demo/world.js')).forumDemo,
});
