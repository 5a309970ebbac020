import type { DemoExample } from '../../../catalogue/demo-world.js';
import { DEMO_ISSUE_NUMBER, DEMO_ORG, DEMO_PERSON, DEMO_REPO } from './data.js';

/** One example per code endpoint, answered by the demo world (`npm run demo` prints them). */

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const CODE_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/code/user',
    what: 'a GitHub account from a profile URL',
    path: `/v1/code/user?${query({ username: `https://github.com/${DEMO_PERSON}` })}`,
  },
  {
    endpoint: '/v1/code/user',
    what: 'an organisation (isBusiness, category Organization)',
    path: `/v1/code/user?${query({ username: `@${DEMO_ORG}` })}`,
  },
  {
    endpoint: '/v1/code/user/repos',
    what: "an organisation's repositories, page 1 of 2",
    path: `/v1/code/user/repos?${query({ username: DEMO_ORG, limit: '2' })}`,
  },
  {
    endpoint: '/v1/code/user/activity',
    what: 'public activity with readable summaries',
    path: `/v1/code/user/activity?${query({ username: DEMO_PERSON, limit: '5' })}`,
  },
  {
    endpoint: '/v1/code/repo',
    what: 'a repository from its clone URL',
    path: `/v1/code/repo?${query({ repo: `https://github.com/${DEMO_REPO}.git` })}`,
  },
  {
    endpoint: '/v1/code/repo/issues',
    what: 'open issues and pull requests (raw.posts[].kind)',
    path: `/v1/code/repo/issues?${query({ repo: DEMO_REPO, include_raw: 'true' })}`,
  },
  {
    endpoint: '/v1/code/issue',
    what: 'one issue from owner/name#number',
    path: `/v1/code/issue?${query({ url: `${DEMO_REPO}#${DEMO_ISSUE_NUMBER}` })}`,
  },
  {
    endpoint: '/v1/code/issue/comments',
    what: "an issue's comments from its URL",
    path: `/v1/code/issue/comments?${query({ url: `https://github.com/${DEMO_REPO}/issues/${DEMO_ISSUE_NUMBER}` })}`,
  },
  {
    endpoint: '/v1/code/search',
    what: 'repository search with a language qualifier',
    path: `/v1/code/search?${query({ query: 'cache language:rust', sort: 'stars' })}`,
  },
  { endpoint: '/v1/code/trending', what: "today's trending repositories (starsInPeriod)", path: '/v1/code/trending?since=daily' },
  {
    endpoint: '/v1/code/trending/developers',
    what: 'trending developers (raw.developers[].popularRepo)',
    path: `/v1/code/trending/developers?${query({ include_raw: 'true' })}`,
  },
];
