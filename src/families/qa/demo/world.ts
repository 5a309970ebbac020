import { demoExample, type DemoExample, type DemoWorld } from '../../../catalogue/demo-world.js';
import { createStackApi, DEMO_QUESTION, DEMO_USER } from './stack-api.js';

/** One example per qa endpoint, answered by the demo world (`npm run demo` prints them). */
export const QA_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/qa/question', 'one question from its stackoverflow.com URL, its body as text and its title decoded', {
    url: `https://stackoverflow.com/questions/${DEMO_QUESTION}/why-is-a-sorted-array-faster`,
  }),
  demoExample('/v1/qa/question/answers', "a question's answers by votes, the accepted one flagged in raw", { id: String(DEMO_QUESTION) }),
  demoExample('/v1/qa/questions', "a tag's newest questions", { tag: 'c#', sort: 'creation', limit: '10' }),
  demoExample('/v1/qa/search', 'questions matching words, on Super User', { site: 'superuser', query: 'sorted array' }),
  demoExample('/v1/qa/user', 'a user on Arqade, by host', { site: 'gaming.stackexchange.com', id: String(DEMO_USER) }),
  demoExample('/v1/qa/user/questions', "a user's questions, newest first", { id: String(DEMO_USER) }),
  demoExample('/v1/qa/user/answers', "a user's answers", { url: `https://stackoverflow.com/users/${DEMO_USER}` }),
];

/** Invented questions, answers and users on a synthetic Stack Exchange API, compressed like the live one. */
export const qaDemo: DemoWorld = {
  async start() {
    return { routes: [createStackApi().route], examples: QA_DEMO_EXAMPLES };
  },
};
