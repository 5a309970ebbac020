import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Comment, Creator, Post } from '../../../src/model/content.js';
import { newsItemCommentsEndpoint } from '../../../src/families/news/endpoints/item-comments.js';
import { newsItemEndpoint } from '../../../src/families/news/endpoints/item.js';
import { newsSearchEndpoint } from '../../../src/families/news/endpoints/search.js';
import { newsStoriesEndpoint } from '../../../src/families/news/endpoints/stories.js';
import { newsUserSubmissionsEndpoint } from '../../../src/families/news/endpoints/user-submissions.js';
import { newsUserEndpoint } from '../../../src/families/news/endpoints/user.js';
import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';
import { asList, asSingle, rawOf, runEndpoint } from '../code/support.js';

/**
 * The news family against the recorded Hacker News answers (shared/upstream-samples/news, read
 * from disk, never replayed against the sites): every sample is served by the URL it was
 * recorded at, and the manifest's values come out.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/news/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];
const json = (body: string, status = 200): StubAnswer => ({ status, body, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The 2019 top list's 500 item bodies, by id, and the list body they came from. */
function topItems(): Map<number, string> {
  const items = JSON.parse(sample('topstories_items_2019.json')) as { id: number }[];
  return new Map(items.map((item) => [item.id, JSON.stringify(item)]));
}

/** Serves every sample at its recorded path (search samples by index and tags); anything else as Firebase's `null`. */
function recordedUpstream() {
  const top = topItems();
  const byPath = new Map<string, ManifestEntry>();
  for (const entry of manifest()) {
    const url = new URL(entry.request.url);
    const tags = url.searchParams.get('tags')?.replace(/[()]/g, '');
    byPath.set(`${url.host}${url.pathname}${tags === undefined ? '' : `|${tags}`}`, entry);
  }
  const upstream = stubUpstream((_request, url) => {
    if (url.pathname === '/v0/topstories.json') return json(JSON.stringify([...top.keys()]));
    const item = /^\/v0\/item\/(\d+)\.json$/.exec(url.pathname);
    if (item && top.has(Number(item[1]))) return json(top.get(Number(item[1]))!);
    const tags = url.searchParams.get('tags');
    const entry = byPath.get(`${url.host}${url.pathname}${tags === null ? '' : `|${tags}`}`);
    if (entry) return json(sample(entry.file), entry.response.status);
    if (url.host === 'hacker-news.firebaseio.com') return json('null');
    return undefined;
  });
  return upstream;
}

describe.skipIf(!samplesDir)('news conformance with recorded upstream samples', () => {
  it('serves the 2019 top list: page 1 is the first 30 items in order, the job and the Show HN stories where recorded', async () => {
    const upstream = recordedUpstream();
    const ids = [...topItems().keys()];
    const page = asList(await runEndpoint(newsStoriesEndpoint, { list: 'top' }, upstream));
    const posts = page.items as Post[];
    expect(ids).toHaveLength(500);
    expect(posts.map((post) => post.id)).toEqual(ids.slice(0, 30).map(String));
    expect(upstream.calls).toHaveLength(31);
    expect(posts[20]).toMatchObject({ id: '21510359', likeCount: 1, commentCount: null });
    const kinds = rawOf(page).posts.map((post: { kind: string }) => post.kind);
    expect(kinds[20]).toBe('job');
    expect([kinds[12], kinds[26]]).toEqual(['show', 'show']);
    expect(page.pagination.hasMore).toBe(true);
    // Every one of the 500 bodies reads.
    for (let offset = 30; offset < 500; offset += 100) {
      const next = asList(
        await runEndpoint(
          newsStoriesEndpoint,
          { list: 'top', limit: 100, cursor: Buffer.from(`o${offset}`).toString('base64url') },
          upstream,
        ),
      );
      expect(next.items.length).toBe(Math.min(100, 500 - offset));
    }
  });

  it('skips the best list item that answers null and reads the 2021 link stories', async () => {
    const best = asList(await runEndpoint(newsStoriesEndpoint, { list: 'best' }, recordedUpstream()));
    expect((best.items as Post[]).map((post) => [post.id, post.likeCount, post.commentCount])).toEqual([
      ['25662215', 2226, 1137],
      ['25661474', 1977, 2412],
    ]);
    expect(rawOf(best).skipped).toEqual([{ id: '25691912', reason: 'not_found' }]);
    expect(rawOf(best).posts[0].link).toMatch(/^https?:\/\/arstechnica\.com\//);
  });

  it('reads every documented item kind', async () => {
    const upstream = recordedUpstream();
    const item = async (id: string) => asSingle(await runEndpoint(newsItemEndpoint, { id }, upstream));
    const story = await item('8863');
    expect(story.data).toMatchObject({
      authorHandle: 'dhouston',
      likeCount: 111,
      commentCount: 71,
      publishedAt: '2007-04-04T19:16:40Z',
      type: 'unknown',
      url: 'https://news.ycombinator.com/item?id=8863',
    });
    expect(rawOf(story).link).toBe('http://www.getdropbox.com/u/2/screencast.html');
    const ask = await item('121003');
    expect([rawOf(ask).kind, (ask.data as Post).type]).toEqual(['ask', 'text']);
    expect((ask.data as Post).text).not.toMatch(/<|&#/);
    const job = await item('192327');
    expect([rawOf(job).kind, rawOf(job).link, (job.data as Post).type]).toEqual(['job', null, 'text']);
    expect((job.data as Post).text).toContain('    * Contribute to product design');
    expect((job.data as Post).text).toContain('http://www.justin.tv/problems/bml');
    expect(rawOf(await item('126809')).parts).toEqual([126810, 126811, 126812]);
    const option = await item('160705');
    expect([(option.data as Post).likeCount, (option.data as Post).title, rawOf(option).poll]).toEqual([335, null, 160704]);
    const comment = await item('2921983');
    expect([(comment.data as Post).title, rawOf(comment).kind, rawOf(comment).parent]).toEqual([null, 'comment', 2921506]);
    expect((comment.data as Post).text).toMatch(/\n\n/);
  });

  it('reads the user jl, and the synthetic user with a link in about', async () => {
    const upstream = recordedUpstream();
    const jl = asSingle(await runEndpoint(newsUserEndpoint, { username: 'jl' }, upstream));
    expect(jl.data).toMatchObject({ id: 'jl', handle: 'jl', createdAt: '2007-03-15T01:50:46Z', postCount: 256, bio: 'This is a test' });
    expect(rawOf(jl).karma).toBe(2937);
    const op = asSingle(await runEndpoint(newsUserEndpoint, { username: 'synthetic_op' }, upstream));
    expect((op.data as Creator).externalLinks).toEqual(['https://example.com/about']);
  });

  it('reads the HN Search tree of comment 17 in one request', async () => {
    const upstream = recordedUpstream();
    const tree = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '17' }, upstream));
    expect(upstream.calls).toHaveLength(1);
    expect((tree.items as Comment[]).map((comment) => [comment.id, comment.parentId, comment.postId, comment.likeCount])).toEqual([
      ['1079', '17', '1', 4],
      ['454426', '17', '1', 1],
    ]);
    expect(rawOf(tree).comments.map((placed: { depth: number }) => placed.depth)).toEqual([1, 1]);
  });

  it('walks Firebase for the synthetic thread HN Search answers 404 for: 5 comments, the deleted and the dead as placeholders', async () => {
    const thread = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '900000001' }, recordedUpstream()));
    const comments = thread.items as Comment[];
    expect(comments.map((comment) => [comment.id, comment.parentId, comment.authorHandle])).toEqual([
      ['900000002', null, 'synthetic_a'],
      ['900000005', '900000002', 'synthetic_op'],
      ['900000003', null, null],
      ['900000008', '900000003', 'synthetic_d'],
      ['900000004', null, null],
    ]);
    expect(comments[0]!.text).toBe(
      'Synthetic comment: it\'s "quoted" & italic.\n\nSecond paragraph, with a link: https://example.com/a/very/long/path/that/hn/shortens',
    );
    expect(comments.map((comment) => comment.isAuthorReply)).toEqual([false, true, false, false, false]);
    expect(rawOf(thread).comments.map((placed: { removed: boolean }) => placed.removed)).toEqual([false, false, true, false, true]);
  });

  it('gives the synthetic deleted, dead and missing items as empty results', async () => {
    const upstream = recordedUpstream();
    for (const [id, reason] of [
      ['900000006', 'deleted'],
      ['900000007', 'dead'],
      ['900000099', 'not_found'],
    ]) {
      const result = asSingle(await runEndpoint(newsItemEndpoint, { id }, upstream));
      expect([result.data, result.emptyReason]).toEqual([null, reason]);
    }
  });

  it('reads the searches and submissions', async () => {
    const upstream = recordedUpstream();
    const first = async (endpoint: typeof newsSearchEndpoint | typeof newsUserSubmissionsEndpoint, input: Record<string, unknown>) =>
      (asList(await runEndpoint(endpoint as typeof newsSearchEndpoint, { limit: 1, ...input }, upstream)).items as Post[])[0]!;
    expect(await first(newsSearchEndpoint, { query: 'apple' })).toMatchObject({
      id: '2922756',
      authorHandle: 'taylorbuley',
      likeCount: 1638,
      commentCount: 308,
      title: 'Steve Jobs Resigns as CEO of Apple',
    });
    expect(await first(newsSearchEndpoint, { query: 'apple', sort: 'date' })).toMatchObject({
      id: '7919424',
      likeCount: 1,
      commentCount: 0,
    });
    const comment = await first(newsSearchEndpoint, { query: 'apple', kind: 'comment' });
    expect(comment).toMatchObject({ id: '6651926', title: null, likeCount: 293, commentCount: null, type: 'text' });
    expect(comment.text).toContain("Apple's reputation");
    expect(await first(newsUserSubmissionsEndpoint, { username: 'pg' })).toMatchObject({
      id: '7493856',
      likeCount: 578,
      commentCount: 290,
    });
    expect(await first(newsUserSubmissionsEndpoint, { username: 'pg', kind: 'comment' })).toMatchObject({
      id: '7494555',
      title: null,
      likeCount: 8,
    });
    const paged = asList(await runEndpoint(newsSearchEndpoint, { query: 'apple', limit: 1 }, upstream));
    expect(paged.pagination.hasMore).toBe(true);
  });

  it('covers every sample of the manifest', () => {
    const covered = new Set([
      'topstories_items_2019.json',
      'beststories_trimmed_2021.json',
      'item_story_25662215_2021.json',
      'item_story_25661474_2021.json',
      'item_story_8863_doc.json',
      'item_ask_121003_doc.json',
      'item_job_192327_doc.json',
      'item_poll_126809_doc.json',
      'item_pollopt_160705_doc.json',
      'item_comment_2921983_doc.json',
      'user_jl_doc.json',
      'algolia_items_17_2014.json',
      'algolia_search_story_apple_2014.json',
      'algolia_search_by_date_story_apple_2014.json',
      'algolia_search_comment_apple_2014.json',
      'algolia_search_by_date_story_author_pg_2014.json',
      'algolia_search_by_date_comment_author_pg_2014.json',
      'synthetic_item_story_900000001.json',
      'synthetic_item_comment_900000002.json',
      'synthetic_item_comment_900000003_deleted.json',
      'synthetic_item_comment_900000004_dead.json',
      'synthetic_item_comment_900000005.json',
      'synthetic_item_comment_900000008.json',
      'synthetic_user_synthetic_op.json',
      'synthetic_item_story_900000006_deleted.json',
      'synthetic_item_story_900000007_dead.json',
      'synthetic_item_null.json',
      'synthetic_algolia_items_404.json',
      // Shape references no endpoint reads.
      'algolia_users_pg_2014.json',
      'maxitem_doc.json',
      'updates_doc.json',
    ]);
    expect(
      manifest()
        .filter((entry) => !covered.has(entry.file))
        .map((entry) => entry.file),
    ).toEqual([]);
  });
});
