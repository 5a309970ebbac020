import { encodeOffset } from '../../../src/families/news/endpoints/params.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import { ALGOLIA, FIREBASE } from '../../../src/families/news/demo/hacker-news.js';

/**
 * A healthy Hacker News for the hardening suites: any item, user, list or search answers by the
 * shape of its path (synthetic bodies in the recorded shapes), so each fault-matrix pair can
 * name a resource of its own.
 */

const TIME = 1_767_000_000;
/** Every list: long enough that each variant reads a page of its own (the cursor is an offset into it). */
const LIST = Array.from({ length: 9_000 }, (_, index) => 100_001 + index);
const json = (body: unknown): FakeReply => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=utf-8' } });

const storyOf = (id: number) => ({
  by: `healthy_${id % 5}`,
  descendants: 2,
  id,
  kids: [id * 10 + 1],
  score: 10,
  time: TIME,
  title: `Healthy story ${id}`,
  type: 'story',
  url: `https://example.com/${id}`,
});

const treeOf = (id: number) => ({
  id,
  created_at_i: TIME,
  type: 'story',
  author: 'healthy_op',
  title: `Healthy story ${id}`,
  children: [
    {
      id: id * 10 + 1,
      created_at_i: TIME + 1,
      type: 'comment',
      author: 'healthy_commenter',
      text: '<p>A healthy comment.</p>',
      parent_id: id,
      story_id: id,
      children: [
        {
          id: id * 10 + 2,
          created_at_i: TIME + 2,
          type: 'comment',
          author: 'healthy_op',
          text: '<p>A reply.</p>',
          parent_id: id * 10 + 1,
          story_id: id,
          children: [],
        },
      ],
    },
  ],
});

const hit = (id: number, author: string) => ({
  objectID: String(id),
  _tags: ['story', `author_${author}`, `story_${id}`],
  author,
  title: `Healthy hit ${id}`,
  url: `https://example.com/${id}`,
  points: 3,
  num_comments: 1,
  created_at_i: TIME,
});

const route: FakeRoute = (request, url) => {
  const path = url.pathname;
  if (request.host === FIREBASE) {
    if (/^\/v0\/(top|new|best|ask|show|job)stories\.json$/.test(path)) return json(LIST);
    const item = /^\/v0\/item\/(\d+)\.json$/.exec(path);
    if (item) return json(storyOf(Number(item[1])));
    const user = /^\/v0\/user\/([^/]+)\.json$/.exec(path);
    if (user) return json({ id: decodeURIComponent(user[1]!), created: TIME, karma: 5, about: 'Healthy.', submitted: [101] });
    return undefined;
  }
  if (request.host === ALGOLIA) {
    const tree = /^\/api\/v1\/items\/(\d+)$/.exec(path);
    if (tree) return json(treeOf(Number(tree[1])));
    if (/^\/api\/v1\/(search|search_by_date)$/.test(path)) {
      const author = /author_([A-Za-z0-9_-]+)/.exec(url.searchParams.get('tags') ?? '')?.[1] ?? 'healthy_author';
      return json({ hits: [hit(201, author), hit(202, author)], page: 0, nbPages: 1, nbHits: 2, hitsPerPage: 20 });
    }
  }
  return undefined;
};

export const healthy: HealthyFamily = {
  route,
  scenarios: {
    // Only text parameters (the GraphQL suites pass them as given): the default list (top) and page, at an offset of its own.
    '/v1/news/stories': (variant) => ({ cursor: encodeOffset(variant) }),
    '/v1/news/item': (variant) => ({ id: String(1000 + variant) }),
    '/v1/news/item/comments': (variant) => ({ id: String(1000 + variant) }),
    '/v1/news/user': (variant) => ({ username: `healthy_user_${variant}` }),
    '/v1/news/user/submissions': (variant) => ({ username: `healthy_user_${variant}` }),
    '/v1/news/search': (variant) => ({ query: `healthy query ${variant}` }),
  },
  pages: ['https://news.ycombinator.com/item?id=1001'],
};
