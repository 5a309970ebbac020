import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { ALGOLIA_HOST, FIREBASE_HOST } from '../constants.js';

/**
 * A synthetic Hacker News in the recorded shapes (invented ids, names and texts), served by a
 * FakeRoute on both upstream hosts: the demo world's platform and the family's tests' fake.
 * Firebase answers `null` for anything unknown, as it does.
 */

export const FIREBASE = FIREBASE_HOST;
export const ALGOLIA = ALGOLIA_HOST;

const BASE_TIME = 1_767_000_000;
/** Front-page stories: 40 of them, by seven authors, the first linking to a GitHub repository. */
export const TOP_IDS = Array.from({ length: 40 }, (_, index) => 1001 + index);
export const AUTHORS = Array.from({ length: 7 }, (_, index) => `writer_${index}`);
export const LINKED_REPO = 'lumen-works/ferrite';

export type Item = Record<string, unknown>;

function story(id: number): Item {
  const index = id - 1001;
  const base = { by: AUTHORS[index % AUTHORS.length], id, score: 100 - index, time: BASE_TIME - index * 60, type: 'story' };
  if (index === 0)
    return {
      ...base,
      descendants: 2,
      kids: [],
      title: 'Ferrite: a tiny allocator',
      url: `https://github.com/${LINKED_REPO}/tree/main/docs`,
    };
  if (index === 1)
    return {
      ...base,
      descendants: 0,
      title: 'Ask HN: How do you keep notes?',
      text: 'I&#x27;ve tried <i>everything</i>.<p>See <a href="https:&#x2F;&#x2F;example.org&#x2F;a&#x2F;long&#x2F;page" rel="nofollow">https:&#x2F;&#x2F;example.org&#x2F;a&#x2F;lo...</a>',
    };
  if (index === 2) return { ...base, title: 'Show HN: A pocket synthesiser', url: 'https://example.net/synth', descendants: 3, kids: [] };
  if (index === 3) {
    const { score: _unused, ...job } = base;
    return { ...job, score: 1, type: 'job', title: 'Harbour Labs is hiring', url: '' };
  }
  if (index === 4) return { ...base, type: 'poll', title: 'Which editor?', text: '', parts: [1901, 1902], descendants: 5, kids: [] };
  return { ...base, descendants: index, title: `Synthetic story ${id}`, url: `https://example.com/story/${id}` };
}

const ITEMS = new Map<number, Item>(TOP_IDS.map((id) => [id, story(id)]));

/** A thread only Firebase has (HN Search answers 404): a live comment with the author's reply, a deleted one with a reply, a dead one, a gone one. */
export const WALKED_STORY = 3001;
const walked: Item[] = [
  {
    by: 'thread_op',
    descendants: 3,
    id: 3001,
    kids: [3002, 3003, 3004, 3009],
    score: 9,
    time: BASE_TIME,
    title: 'A thread only the API has',
    type: 'story',
    url: 'https://example.com/t',
  },
  {
    by: 'replier',
    id: 3002,
    kids: [3005],
    parent: 3001,
    text: 'First &amp; foremost.<p>Second paragraph.',
    time: BASE_TIME + 10,
    type: 'comment',
  },
  { deleted: true, id: 3003, kids: [3008], parent: 3001, time: BASE_TIME + 20, type: 'comment' },
  { by: 'troll', dead: true, id: 3004, parent: 3001, text: '[dead]', time: BASE_TIME + 30, type: 'comment' },
  { by: 'thread_op', id: 3005, parent: 3002, text: 'Thanks!', time: BASE_TIME + 40, type: 'comment' },
  { by: 'late', id: 3008, parent: 3003, text: 'Reply to a deleted comment.', time: BASE_TIME + 50, type: 'comment' },
];
for (const item of walked) ITEMS.set(item.id as number, item);

/** Removed and gone items. */
export const DELETED_STORY = 1098;
export const DEAD_STORY = 1097;
export const GONE_ITEM = 1099;
ITEMS.set(DELETED_STORY, { deleted: true, id: DELETED_STORY, time: BASE_TIME, type: 'story' });
ITEMS.set(DEAD_STORY, { by: 'spammer', dead: true, id: DEAD_STORY, score: 1, time: BASE_TIME, type: 'story' });
export const BEST_IDS = [1001, GONE_ITEM, 1002, DELETED_STORY, DEAD_STORY, 1003];

/** A story HN Search has the whole tree of: a removed comment (no author) keeps its reply. */
export const TREE_STORY = 2001;
ITEMS.set(TREE_STORY, {
  by: 'tree_op',
  descendants: 4,
  id: TREE_STORY,
  kids: [2002, 2003],
  score: 50,
  time: BASE_TIME,
  title: 'A tree story',
  type: 'story',
  url: 'https://example.com/tree',
});
const node = (
  id: number,
  author: string | null,
  text: string | null,
  parent: number,
  children: Item[] = [],
  points: number | null = null,
): Item => ({
  id,
  created_at: new Date((BASE_TIME + id) * 1000).toISOString(),
  created_at_i: BASE_TIME + id,
  type: 'comment',
  author,
  text,
  points,
  parent_id: parent,
  story_id: TREE_STORY,
  children,
});
const TREE: Item = {
  id: TREE_STORY,
  created_at_i: BASE_TIME,
  type: 'story',
  author: 'tree_op',
  title: 'A tree story',
  url: 'https://example.com/tree',
  text: null,
  points: 50,
  parent_id: null,
  story_id: TREE_STORY,
  children: [
    node(2003, 'ranked_first', '<p>Top by points</p>', TREE_STORY, [node(2004, 'tree_op', '<p>Author&#x27;s reply</p>', 2003)], 4),
    node(
      2002,
      null,
      null,
      TREE_STORY,
      [node(2005, 'orphan', '<p>Still here</p>', 2002, [node(2006, 'deep', '<p>Level three</p>', 2005)])],
      1,
    ),
  ],
};

export const USERS = new Map<string, Item>(
  [...AUTHORS, 'thread_op', 'tree_op', 'Pat'].map((name, index) => [
    name,
    {
      about:
        name === 'Pat'
          ? 'Builds things. <a href="https:&#x2F;&#x2F;pat.example.com" rel="nofollow">https:&#x2F;&#x2F;pat.example.com</a>'
          : '',
      created: BASE_TIME - 86_400 * (index + 1),
      id: name,
      karma: 1000 + index,
      submitted: [1001 + index, 5000 + index],
    },
  ]),
);

/** Search hits built from the front page (stories), or one comment, for any query. */
function hitOf(item: Item): Item {
  return {
    created_at: new Date((item.time as number) * 1000).toISOString(),
    title: item.title ?? null,
    url: item.url ?? '',
    author: item.by,
    points: item.score ?? null,
    story_text: item.text ?? '',
    comment_text: null,
    num_comments: item.descendants ?? 0,
    story_id: null,
    created_at_i: item.time,
    _tags: ['story', `author_${String(item.by)}`, `story_${String(item.id)}`],
    objectID: String(item.id),
  };
}
const COMMENT_HIT: Item = {
  created_at: '2026-01-01T00:00:00.000Z',
  title: null,
  url: null,
  author: 'Pat',
  points: null,
  story_text: null,
  comment_text: 'It&#x27;s <i>fine</i>.',
  num_comments: null,
  story_id: 1001,
  story_title: 'Ferrite: a tiny allocator',
  story_url: `https://github.com/${LINKED_REPO}/tree/main/docs`,
  parent_id: 1001,
  created_at_i: BASE_TIME + 5,
  _tags: ['comment', 'author_Pat', 'story_1001'],
  objectID: '7001',
};

function searchBody(url: URL): Item {
  const hitsPerPage = Number(url.searchParams.get('hitsPerPage') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 0);
  const tags = url.searchParams.get('tags') ?? '';
  const author = /author_([A-Za-z0-9_-]+)/.exec(tags)?.[1];
  const query = url.searchParams.get('query') ?? '';
  let hits: Item[] = tags.startsWith('comment') ? [COMMENT_HIT] : TOP_IDS.map((id) => hitOf(ITEMS.get(id)!));
  if (author !== undefined) hits = hits.filter((hit) => hit.author === author);
  if (query === 'nothing-at-all') hits = [];
  const nbPages = Math.ceil(hits.length / hitsPerPage);
  return {
    hits: hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    nbHits: hits.length,
    page,
    nbPages,
    hitsPerPage,
    query,
    params: url.search.slice(1),
  };
}

const json = (body: unknown, extra: Partial<FakeReply> = {}): FakeReply => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8' },
  ...extra,
});

export interface WorldOptions {
  /** Milliseconds every answer waits (the bench's slow upstream). */
  delayMs?: number;
}

/** The fake's route: Firebase by path, HN Search by path and query. */
export function newsWorld(options: WorldOptions = {}): FakeRoute {
  const delayMs = options.delayMs ?? 0;
  return (request, url) => {
    const reply = answer(request.host, url);
    return reply && delayMs > 0 ? { ...reply, delayMs } : reply;
  };
}

function answer(host: string | undefined, url: URL): FakeReply | undefined {
  if (host === FIREBASE) {
    const list = /^\/v0\/(top|new|best|ask|show|job)stories\.json$/.exec(url.pathname);
    if (list) return json(list[1] === 'best' ? BEST_IDS : list[1] === 'top' ? TOP_IDS : null);
    const item = /^\/v0\/item\/(\d+)\.json$/.exec(url.pathname);
    if (item) return json(ITEMS.get(Number(item[1])) ?? null);
    const user = /^\/v0\/user\/([^/]+)\.json$/.exec(url.pathname);
    if (user) return json(USERS.get(decodeURIComponent(user[1]!)) ?? null);
    return json({ error: 'Permission denied' }, { status: 401 });
  }
  if (host === ALGOLIA) {
    const tree = /^\/api\/v1\/items\/(\d+)$/.exec(url.pathname);
    if (tree) return Number(tree[1]) === TREE_STORY ? json(TREE) : json({ status: 404, error: 'Not Found' }, { status: 404 });
    if (/^\/api\/v1\/(search|search_by_date)$/.test(url.pathname)) return json(searchBody(url));
    return undefined;
  }
  return undefined;
}
