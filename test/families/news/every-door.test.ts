import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callTool, connectClient } from '../../mcp/support.js';
import { RICH_KEY, startHarness, type Harness } from '../../support/gateway.js';
import {
  ALGOLIA,
  AUTHORS,
  FIREBASE,
  LINKED_REPO,
  TOP_IDS,
  TREE_STORY,
  WALKED_STORY,
  newsWorld,
} from '../../../src/families/news/demo/hacker-news.js';
import type { FakeRoute } from '../../support/fake-upstream-server.js';

const REPO_BODY = readFileSync(fileURLToPath(new URL('../code/fixtures/repo.json', import.meta.url)), 'utf8');
const GITHUB_API = 'api.github.com';
/** The repository the first front-page story links to, for the linkedRepository edge into the code family. */
const linkedRepository: FakeRoute = (request, url) =>
  request.host === GITHUB_API && url.pathname === `/repos/${LINKED_REPO}`
    ? { body: REPO_BODY, headers: { 'content-type': 'application/json; charset=utf-8' } }
    : undefined;

/** The news family on every door, over a loopback fake of both upstreams. */
describe('the news family end to end', () => {
  let harness: Harness;
  let seen = 0;
  const requestsSince = () => harness.upstream.requests.slice(seen);
  const hostsOf = (requests: { host: string | undefined }[]) => requests.map((request) => request.host);

  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(newsWorld()).on(linkedRepository);
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    seen = harness.upstream.requests.length;
  });

  it('serves a 30-story page with 31 upstream requests, at most 10 items in flight, in rank order', async () => {
    const page = await harness.get('/v1/news/stories?list=top&cache_max_age=0');
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((post: { id: string }) => post.id)).toEqual(TOP_IDS.slice(0, 30).map(String));
    expect(page.body.meta.creditsCharged).toBe(1);
    const requests = requestsSince();
    expect(requests).toHaveLength(31);
    expect(requests[0]!.url).toBe('/v0/topstories.json');
    expect(new Set(requests.slice(1).map((request) => request.url)).size).toBe(30);
    expect(harness.upstream.maxConcurrent).toBeLessThanOrEqual(10);
    const [link, ask, show, job, poll] = page.body.data.items;
    expect(link).toMatchObject({
      platform: 'hackernews',
      type: 'unknown',
      url: 'https://news.ycombinator.com/item?id=1001',
      authorHandle: 'writer_0',
    });
    expect(ask).toMatchObject({ type: 'text', text: "I've tried everything.\n\nSee https://example.org/a/long/page" });
    expect([show.type, job.likeCount, job.commentCount, job.type, poll.text]).toEqual(['unknown', 1, null, 'text', null]);
    const more = await harness.get(`/v1/news/stories?list=top&cursor=${page.body.pagination.cursor}&cache_max_age=0`);
    expect(more.body.data.items.map((post: { id: string }) => post.id)).toEqual(TOP_IDS.slice(30).map(String));
    expect(more.body.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('names each kind in raw and skips gone, deleted and dead items on a list', async () => {
    const best = await harness.get('/v1/news/stories?list=best&include_raw=true');
    expect(best.body.data.items.map((post: { id: string }) => post.id)).toEqual(['1001', '1002', '1003']);
    expect(best.body.raw.skipped).toEqual([
      { id: '1099', reason: 'not_found' },
      { id: '1098', reason: 'deleted' },
      { id: '1097', reason: 'dead' },
    ]);
    expect(best.body.raw.posts.map((post: { kind: string }) => post.kind)).toEqual(['story', 'ask', 'show']);
    const empty = await harness.get('/v1/news/stories?list=new');
    expect(empty.body).toMatchObject({ data: { items: [] }, meta: { empty: true, reason: 'no_results', creditsCharged: 0 } });
  });

  it('serves items, with not_found, deleted and dead as free empty results, and refuses bad ids before any request', async () => {
    const item = await harness.get('/v1/news/item?url=https%3A%2F%2Fnews.ycombinator.com%2Fitem%3Fid%3D1004&include_raw=true');
    expect(item.body.data).toMatchObject({ id: '1004', title: 'Harbour Labs is hiring', type: 'text', likeCount: 1, commentCount: null });
    expect(item.body.raw).toMatchObject({ kind: 'job', link: null });
    for (const [id, reason] of [
      ['1099', 'not_found'],
      ['1098', 'deleted'],
      ['1097', 'dead'],
    ] as const) {
      const empty = await harness.get(`/v1/news/item?id=${id}`);
      expect(empty.body).toMatchObject({ success: true, data: null, meta: { empty: true, reason, creditsCharged: 0 } });
    }
    const before = harness.upstream.requests.length;
    for (const bad of [
      'id=12a',
      'url=https%3A%2F%2Fexample.com%2Fitem%3Fid%3D1',
      'id=1&url=https%3A%2F%2Fnews.ycombinator.com%2Fitem%3Fid%3D1',
      '',
    ]) {
      const refused = await harness.get(`/v1/news/item?${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
    }
    expect(harness.upstream.requests.length).toBe(before);
  });

  it('reads a whole comment tree in one HN Search request, removed comments kept as placeholders', async () => {
    const tree = await harness.get(`/v1/news/item/comments?id=${TREE_STORY}&include_raw=true`);
    expect(hostsOf(requestsSince())).toEqual([ALGOLIA]);
    expect(
      tree.body.data.items.map((comment: Record<string, unknown>) => [comment.id, comment.parentId, comment.authorHandle, comment.text]),
    ).toEqual([
      ['2003', null, 'ranked_first', 'Top by points'],
      ['2004', '2003', 'tree_op', "Author's reply"],
      ['2002', null, null, ''],
      ['2005', '2002', 'orphan', 'Still here'],
      ['2006', '2005', 'deep', 'Level three'],
    ]);
    expect(tree.body.data.items.map((comment: Record<string, unknown>) => comment.isAuthorReply)).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(tree.body.raw.comments.map((placed: { depth: number; removed: boolean }) => [placed.depth, placed.removed])).toEqual([
      [1, false],
      [2, false],
      [1, true],
      [2, false],
      [3, false],
    ]);
    const shallow = await harness.get(`/v1/news/item/comments?id=${TREE_STORY}&depth=2&limit=3`);
    expect(shallow.body.data.items.map((comment: { id: string }) => comment.id)).toEqual(['2003', '2004', '2002']);
    expect(shallow.body.pagination).toEqual({ cursor: null, hasMore: true });
  });

  it('walks the official API when HN Search does not have the item, skipping gone kids', async () => {
    const walked = await harness.get(`/v1/news/item/comments?id=${WALKED_STORY}&include_raw=true`);
    expect(walked.status).toBe(200);
    expect(walked.body.raw).toMatchObject({ via: 'firebase', fallbackFrom: 404 });
    expect(
      walked.body.data.items.map((comment: Record<string, unknown>) => [
        comment.id,
        comment.parentId,
        comment.authorHandle,
        comment.text,
        comment.isAuthorReply,
      ]),
    ).toEqual([
      ['3002', null, 'replier', 'First & foremost.\n\nSecond paragraph.', false],
      ['3005', '3002', 'thread_op', 'Thanks!', true],
      ['3003', null, null, '', false],
      ['3008', '3003', 'late', 'Reply to a deleted comment.', false],
      ['3004', null, null, '', false],
    ]);
    const requests = requestsSince();
    expect(hostsOf(requests)[0]).toBe(ALGOLIA);
    expect(requests.filter((request) => request.host === FIREBASE)).toHaveLength(7);
    const none = await harness.get('/v1/news/item/comments?id=1002');
    expect(none.body.meta).toMatchObject({ empty: true, reason: 'no_comments', creditsCharged: 0 });
  });

  it('serves users case-sensitively and their submissions and searches through HN Search', async () => {
    const user = await harness.get('/v1/news/user?username=https%3A%2F%2Fnews.ycombinator.com%2Fuser%3Fid%3DPat&include_raw=true');
    expect(user.body.data).toMatchObject({
      id: 'Pat',
      handle: 'Pat',
      bio: 'Builds things. https://pat.example.com',
      externalLinks: ['https://pat.example.com'],
      postCount: 2,
      isPrivate: false,
    });
    expect(user.body.raw.karma).toBe(1009);
    const lower = await harness.get('/v1/news/user?username=pat');
    expect(lower.body.meta).toMatchObject({ empty: true, reason: 'not_found' });
    const submissions = await harness.get('/v1/news/user/submissions?username=writer_1&limit=3');
    expect(submissions.body.data.items.map((post: { authorHandle: string }) => post.authorHandle)).toEqual([
      'writer_1',
      'writer_1',
      'writer_1',
    ]);
    expect(submissions.body.pagination.hasMore).toBe(true);
    expect(requestsSince().at(-1)!.url).toContain('tags=story%2Cauthor_writer_1');
    const search = await harness.get('/v1/news/search?query=synth&kind=comment');
    expect(search.body.data.items[0]).toMatchObject({ id: '7001', title: null, text: "It's fine.", type: 'text' });
    const none = await harness.get('/v1/news/search?query=nothing-at-all');
    expect(none.body.meta).toMatchObject({ empty: true, reason: 'no_results', creditsCharged: 0 });
  });

  it('answers GraphQL root fields and edges, fetching each item and each author once', async () => {
    const response = await harness.graphql(`{
      newsStories(list: TOP, limit: 30, cacheMaxAge: "0") { items { id title author { handle postCount } } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const items = response.body.data.newsStories.items as { id: string; author: { handle: string } }[];
    expect(items).toHaveLength(30);
    expect(items.every((item, index) => item.author.handle === AUTHORS[index % AUTHORS.length])).toBe(true);
    const requests = requestsSince();
    const urls = requests.map((request) => request.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((url) => url.startsWith('/v0/item/'))).toHaveLength(30);
    expect(urls.filter((url) => url.startsWith('/v0/user/'))).toHaveLength(AUTHORS.length);
    expect(requests).toHaveLength(31 + AUTHORS.length);
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 1 + AUTHORS.length });
  });

  it('resolves Post.linkedRepository through the code family, null for other links', async () => {
    const response = await harness.graphql(`{
      link: newsItem(id: "1001") { linkedRepository { fullName } comments { items { id } } }
      other: newsItem(id: "1003") { linkedRepository { fullName } }
      user: newsUser(username: "writer_0") { posts(limit: 2) { items { title } } }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.link.linkedRepository.fullName).toBe(LINKED_REPO);
    expect(response.body.data.other.linkedRepository).toBeNull();
    expect(response.body.data.user.posts.items.map((post: { title: string }) => post.title)).toEqual([
      'Ferrite: a tiny allocator',
      'Synthetic story 1008',
    ]);
    expect(requestsSince().filter((request) => request.host === GITHUB_API)).toHaveLength(1);
  });

  it("Post.linkedResource is the resource behind a link post's link, and null for a self post", async () => {
    const { body } = await harness.graphql(
      `{ link: newsItem(id: "1001") { linkUrl linkedResource { __typename ... on Repository { fullName } } }
         self: newsItem(id: "${TOP_IDS[1]!}") { linkUrl linkedResource { id } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.link).toEqual({
      linkUrl: `https://github.com/${LINKED_REPO}/tree/main/docs`,
      linkedResource: { __typename: 'Repository', fullName: JSON.parse(REPO_BODY).full_name },
    });
    expect(body.data.self).toEqual({ linkUrl: null, linkedResource: null });
  });

  it('follows linkedRepository from a listed story by its linkUrl, without reading the item again', async () => {
    seen = harness.upstream.requests.length;
    const response = await harness.graphql(`{
      newsStories(list: TOP, limit: 5, cacheMaxAge: "0") { items { id linkUrl linkedRepository { fullName } } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const items = response.body.data.newsStories.items as {
      id: string;
      linkUrl: string | null;
      linkedRepository: { fullName: string } | null;
    }[];
    const linking = items.filter((item) => item.linkedRepository !== null);
    expect(linking.map((item) => item.linkedRepository!.fullName)).toEqual([LINKED_REPO]);
    expect(linking[0]!.linkUrl).toContain(LINKED_REPO);
    const urls = requestsSince().map((request) => request.url);
    expect(urls.filter((url) => url.startsWith('/v0/item/'))).toHaveLength(5);
  });

  it('is published in /openapi.json and /llms.txt, and runs as a batch job', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    expect(document.paths['/v1/news/search'].get['x-subscribable']).toBe(false);
    expect(document.paths['/v1/news/item'].get['x-parameter-constraints']).toBe('pass either id or url');
    const llms = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    expect(llms).toContain('/v1/news/item/comments');
    const batch = await fetch(`${harness.baseUrl}/v1/jobs/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': RICH_KEY },
      body: JSON.stringify({ endpoint: '/v1/news/item', targets: [{ id: '1005' }, { id: '1006' }] }),
    });
    expect(batch.status).toBe(202);
    const id = ((await batch.json()) as { data: { id: string } }).data.id;
    let job: Record<string, any> = {};
    for (let attempt = 0; attempt < 400 && job.status !== 'succeeded' && job.status !== 'failed'; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await harness.get(`/v1/jobs/${id}`)).body.data;
    }
    expect(job).toMatchObject({ status: 'succeeded', progress: { total: 2, done: 2, failed: 0 }, creditsCharged: 2 });
  });

  it('is an MCP tool per endpoint, answered through the same pipeline', async () => {
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['news_stories', 'news_item', 'news_item_comments', 'news_user', 'news_user_submissions', 'news_search']),
      );
      const result = await callTool(client, 'news_item', { id: '1002' });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { data: { title: string } }).data.title).toBe('Ask HN: How do you keep notes?');
    } finally {
      await client.close();
    }
  });
});
