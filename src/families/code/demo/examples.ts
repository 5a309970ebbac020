import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { DEMO_ISSUE_NUMBER, DEMO_ORG, DEMO_PERSON, DEMO_REPO } from './data.js';

/** One example per code endpoint, answered by the demo world (`npm run demo` prints them). */

export const CODE_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/code/user', 'a GitHub account from a profile URL', { username: `https://github.com/${DEMO_PERSON}` }),
  demoExample('/v1/code/user', 'an organisation (isBusiness, category Organization)', { username: `@${DEMO_ORG}` }),
  demoExample('/v1/code/user/repos', "an organisation's repositories, page 1 of 2", { username: DEMO_ORG, limit: '2' }),
  demoExample('/v1/code/user/activity', 'public activity with readable summaries', { username: DEMO_PERSON, limit: '5' }),
  demoExample('/v1/code/repo', 'a repository from its clone URL', { repo: `https://github.com/${DEMO_REPO}.git` }),
  demoExample('/v1/code/repo/issues', 'open issues and pull requests (raw.posts[].kind)', { repo: DEMO_REPO, include_raw: 'true' }),
  demoExample('/v1/code/issue', 'one issue from owner/name#number', { url: `${DEMO_REPO}#${DEMO_ISSUE_NUMBER}` }),
  demoExample('/v1/code/issue/comments', "an issue's comments from its URL", {
    url: `https://github.com/${DEMO_REPO}/issues/${DEMO_ISSUE_NUMBER}`,
  }),
  demoExample('/v1/code/search', 'repository search with a language qualifier', { query: 'cache language:rust', sort: 'stars' }),
  demoExample('/v1/code/trending', "today's trending repositories (starsInPeriod)", { since: 'daily' }),
  demoExample('/v1/code/trending/developers', 'trending developers (raw.developers[].popularRepo)', { include_raw: 'true' }),
];
