import type { DemoExample } from '../../../catalogue/demo-world.js';
import { AUTHORS, TOP_IDS, TREE_STORY } from './hacker-news.js';

/** One example per news endpoint, answered by the demo world (`npm run demo` prints them). */

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const NEWS_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/news/stories',
    what: 'the front page in rank order, a job and a poll among the stories',
    path: `/v1/news/stories?${query({ list: 'top', limit: '10' })}`,
  },
  {
    endpoint: '/v1/news/item',
    what: 'one story from its news.ycombinator.com URL',
    path: `/v1/news/item?${query({ url: `https://news.ycombinator.com/item?id=${TOP_IDS[0]}` })}`,
  },
  {
    endpoint: '/v1/news/item/comments',
    what: 'a whole comment tree in one request, a removed comment keeping its replies',
    path: `/v1/news/item/comments?${query({ id: String(TREE_STORY) })}`,
  },
  { endpoint: '/v1/news/user', what: "a user's karma, about text and join date", path: `/v1/news/user?${query({ username: 'Pat' })}` },
  {
    endpoint: '/v1/news/user/submissions',
    what: "a user's stories, newest first",
    path: `/v1/news/user/submissions?${query({ username: AUTHORS[0]! })}`,
  },
  { endpoint: '/v1/news/search', what: 'stories matching words', path: `/v1/news/search?${query({ query: 'synthetic story' })}` },
];
