import { defineFamily } from '../../catalogue/family.js';
import { INSTANCES_ENV } from './constants.js';
import { fediverseAccountPostsEndpoint } from './endpoints/account-posts.js';
import { fediverseAccountEndpoint } from './endpoints/account.js';
import { fediverseHashtagEndpoint } from './endpoints/hashtag.js';
import { fediverseInstanceEndpoint } from './endpoints/instance.js';
import { fediversePostRepliesEndpoint } from './endpoints/post-replies.js';
import { fediversePostEndpoint } from './endpoints/post.js';
import { fediverseSearchAccountsEndpoint } from './endpoints/search-accounts.js';
import { fediverseEdges } from './graph.js';
import { instanceSchema } from './model.js';
import { fediverseRefetch } from './refetch.js';
import { readInstanceBudget } from './upstream/budget.js';
import { fediverseUrlForms } from './url-forms.js';

/**
 * The fediverse family: the public, logged-out REST API of any Mastodon-compatible instance the
 * caller names (accounts, their posts, posts and their replies, hashtag timelines, instance
 * documents, account search). Instances are hosts callers name, so every request passes the
 * core's caller-host gate (public addresses only, every redirect hop checked, the operator's
 * optional allowlist) and each instance keeps its own budget. Accounts that opted out of
 * search engine indexing are withheld everywhere.
 */
export const fediverseFamily = defineFamily({
  name: 'fediverse',
  hosts: [],
  callerNamedHosts: {
    allowlistEnv: INSTANCES_ENV,
    allowlistDetail: 'allowedInstances',
    hostBudgetEnv: 'FEDIVERSE_HOST_BUDGET',
    maxRedirects: 3,
  },
  readBudget: readInstanceBudget,
  resources: [instanceSchema],
  endpoints: [
    fediverseAccountEndpoint,
    fediverseAccountPostsEndpoint,
    fediversePostEndpoint,
    fediversePostRepliesEndpoint,
    fediverseHashtagEndpoint,
    fediverseInstanceEndpoint,
    fediverseSearchAccountsEndpoint,
  ],
  urlForms: fediverseUrlForms,
  edges: fediverseEdges,
  refetch: fediverseRefetch,
  demo: async () => (await import('./demo/world.js')).fediverseDemo,
});
