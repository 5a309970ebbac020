import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { AUTHORS, TOP_IDS, TREE_STORY } from './hacker-news.js';

/** One example per news endpoint, answered by the demo world (`npm run demo` prints them). */

export const NEWS_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/news/stories', 'the front page in rank order, a job and a poll among the stories', { list: 'top', limit: '10' }),
  demoExample('/v1/news/item', 'one story from its news.ycombinator.com URL', {
    url: `https://news.ycombinator.com/item?id=${TOP_IDS[0]}`,
  }),
  demoExample('/v1/news/item/comments', 'a whole comment tree in one request, a removed comment keeping its replies', {
    id: String(TREE_STORY),
  }),
  demoExample('/v1/news/user', "a user's karma, about text and join date", { username: 'Pat' }),
  demoExample('/v1/news/user/submissions', "a user's stories, newest first", { username: AUTHORS[0]! }),
  demoExample('/v1/news/search', 'stories matching words', { query: 'synthetic story' }),
];
