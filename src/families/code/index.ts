import { defineFamily } from '../../catalogue/family.js';
import { codeUrlForms } from './url-forms.js';
import { CODE_HOSTS } from './constants.js';
import { codeEdges } from './graph.js';
import { codeRefetch } from './refetch.js';
import { activityEventSchema, repositorySchema } from './model.js';
import { codeIssueCommentsEndpoint } from './endpoints/issue-comments.js';
import { codeIssueEndpoint } from './endpoints/issue.js';
import { codeRepoIssuesEndpoint } from './endpoints/repo-issues.js';
import { codeRepoEndpoint } from './endpoints/repo.js';
import { codeSearchEndpoint } from './endpoints/search.js';
import { codeTrendingDevelopersEndpoint } from './endpoints/trending-developers.js';
import { codeTrendingEndpoint } from './endpoints/trending.js';
import { codeUserActivityEndpoint } from './endpoints/user-activity.js';
import { codeUserReposEndpoint } from './endpoints/user-repos.js';
import { codeUserEndpoint } from './endpoints/user.js';
import { readHostBudget } from './upstream/rate-budget.js';

export { rateResourceOf, readRateBudget, type RateBudget } from './upstream/rate-budget.js';
export { activityEventSchema, repositorySchema, type ActivityEvent, type Repository } from './model.js';

/**
 * The code-hosting family: GitHub's logged-out surfaces. The REST API answers accounts,
 * repositories, issues, comments, activity and search (anonymously: 60 requests an hour per
 * egress address); the web site's trending pages answer the two boards. No token, cookie or
 * account is ever sent.
 */
export const codeFamily = defineFamily({
  name: 'code',
  hosts: CODE_HOSTS,
  readBudget: readHostBudget,
  resources: [repositorySchema, activityEventSchema],
  endpoints: [
    codeUserEndpoint,
    codeUserReposEndpoint,
    codeUserActivityEndpoint,
    codeRepoEndpoint,
    codeRepoIssuesEndpoint,
    codeIssueEndpoint,
    codeIssueCommentsEndpoint,
    codeSearchEndpoint,
    codeTrendingEndpoint,
    codeTrendingDevelopersEndpoint,
  ],
  urlForms: codeUrlForms,
  edges: codeEdges,
  refetch: codeRefetch,
  demo: async () => (await import('./demo/world.js')).codeDemo,
});
