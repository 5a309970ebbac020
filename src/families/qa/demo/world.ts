import type { DemoExample, DemoWorld } from '../../../catalogue/demo-world.js';
import { createStackApi, DEMO_QUESTION, DEMO_USER } from './stack-api.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One example per qa endpoint, answered by the demo world (`npm run demo` prints them). */
export const QA_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/qa/question',
    what: 'one question from its stackoverflow.com URL, its body as text and its title decoded',
    path: `/v1/qa/question?${query({ url: `https://stackoverflow.com/questions/${DEMO_QUESTION}/why-is-a-sorted-array-faster` })}`,
  },
  {
    endpoint: '/v1/qa/question/answers',
    what: "a question's answers by votes, the accepted one flagged in raw",
    path: `/v1/qa/question/answers?${query({ id: String(DEMO_QUESTION) })}`,
  },
  {
    endpoint: '/v1/qa/questions',
    what: "a tag's newest questions",
    path: `/v1/qa/questions?${query({ tag: 'c#', sort: 'creation', limit: '10' })}`,
  },
  {
    endpoint: '/v1/qa/search',
    what: 'questions matching words, on Super User',
    path: `/v1/qa/search?${query({ site: 'superuser', query: 'sorted array' })}`,
  },
  {
    endpoint: '/v1/qa/user',
    what: 'a user on Arqade, by host',
    path: `/v1/qa/user?${query({ site: 'gaming.stackexchange.com', id: String(DEMO_USER) })}`,
  },
  {
    endpoint: '/v1/qa/user/questions',
    what: "a user's questions, newest first",
    path: `/v1/qa/user/questions?${query({ id: String(DEMO_USER) })}`,
  },
  {
    endpoint: '/v1/qa/user/answers',
    what: "a user's answers",
    path: `/v1/qa/user/answers?${query({ url: `https://stackoverflow.com/users/${DEMO_USER}` })}`,
  },
];

/** Invented questions, answers and users on a synthetic Stack Exchange API, compressed like the live one. */
export const qaDemo: DemoWorld = {
  async start() {
    return { routes: [createStackApi().route], examples: QA_DEMO_EXAMPLES };
  },
};
