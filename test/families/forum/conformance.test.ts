import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../../src/model/content.js';
import { parseAtomFeed } from '../../../src/families/forum/atom/feed.js';
import { forumCommentRepliesEndpoint } from '../../../src/families/forum/endpoints/comment-replies.js';
import { forumPostCommentsEndpoint } from '../../../src/families/forum/endpoints/post-comments.js';
import { forumPostEndpoint } from '../../../src/families/forum/endpoints/post.js';
import { forumSearchEndpoint } from '../../../src/families/forum/endpoints/search.js';
import { forumSubredditDetailsEndpoint } from '../../../src/families/forum/endpoints/subreddit-details.js';
import { forumSubredditEndpoint } from '../../../src/families/forum/endpoints/subreddit.js';
import { forumUserPostsEndpoint } from '../../../src/families/forum/endpoints/user-posts.js';
import { forumUserEndpoint } from '../../../src/families/forum/endpoints/user.js';
import { flattenCommentTree } from '../../../src/families/forum/normalise/comment-tree.js';
import { readMoreChildren } from '../../../src/families/forum/normalise/morechildren.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { asList, asSingle, atomAnswer, blocked, jsonAnswer, rawOf, runEndpoint } from './support.js';

/**
 * The forum parsers against real recorded Reddit answers (shared/upstream-samples/forum,
 * read from disk, never replayed against the site). Checks the manifest's "what to check".
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/forum/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];
const statusOf = (file: string): number => manifest().find((entry) => entry.file === file)?.response.status ?? 200;
const childIds = (listing: unknown): string[] =>
  (listing as { data: { children: { data: { id: string } }[] } }).data.children.map((child) => child.data.id);

/** Every comment's parent appears earlier in the list (or is the post): reading order. */
function expectReadingOrder(comments: readonly Comment[], rootParent: string | null = null): void {
  const seen = new Set<string>();
  for (const comment of comments) {
    if (comment.parentId !== rootParent) expect(seen.has(comment.parentId ?? '')).toBe(true);
    seen.add(comment.id);
  }
}

describe.skipIf(!samplesDir)('forum conformance with recorded upstream samples', () => {
  it('every forum sample of the manifest is covered here', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([
      'about_r_redditdev_2020.json',
      'about_user_watchful1_2022.json',
      'atom_r_homelab_new_2023.xml',
      'atom_search_2021.xml',
      'comment_permalink_context_2019.json',
      'comments_3hahrw_2016.json',
      'comments_ablzuq_limit1_2020.json',
      'err_400_user_doesnt_exist_2018.json',
      'err_403_quarantined_2020.json',
      'listing_r_popular_hot_2026.json',
      'morechildren_ablzuq_2020.json',
      'search_r_all_facets_2020.json',
      'user_submitted_spez_2016.json',
    ]);
  });

  it('listing_r_popular_hot_2026: 100 posts in served order, data.after becomes the cursor', async () => {
    const body = sample('listing_r_popular_hot_2026.json');
    const upstream = stubUpstream(() => jsonAnswer(body));
    const result = asList(await runEndpoint(forumSubredditEndpoint, { subreddit: 'r/popular', limit: 100 }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual(['https://www.reddit.com/r/popular/hot.json?limit=100&raw_json=1']);
    expect(result.items.map((post) => post.id)).toEqual(childIds(JSON.parse(body)));
    expect(result.items).toHaveLength(100);
    expect(result.pagination).toEqual({ cursor: 't3_1skbyfv', hasMore: true });
    const types = new Set(result.items.map((post) => post.type));
    expect([...types].sort()).toEqual(['carousel', 'image', 'text', 'unknown', 'video']);
    const carousel = result.items.find((post) => post.type === 'carousel');
    expect(carousel?.mediaUrls.length).toBeGreaterThan(1);
    const hosted = result.items.find((post) => post.mediaUrls[0]?.startsWith('https://v.redd.it/'));
    expect(hosted?.durationSeconds).toBeGreaterThan(0);
    expect(result.items.every((post) => post.thumbnailUrl === null || post.thumbnailUrl.startsWith('http'))).toBe(true);
    expect(result.items.every((post) => post.isSponsored === false && post.viewCount === null)).toBe(true);
    const extras = rawOf(result).posts as { community: string; upvoteRatio: number }[];
    expect(new Set(extras.map((extra) => extra.community)).size).toBe(100);
    expect(extras.every((extra) => typeof extra.upvoteRatio === 'number')).toBe(true);
  });

  it('comments_3hahrw_2016: the post from element 0', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('comments_3hahrw_2016.json')));
    const post = asSingle(await runEndpoint(forumPostEndpoint, { url: 'https://www.reddit.com/r/funny/comments/3hahrw/' }, upstream))
      .data as Post;
    expect(post).toMatchObject({ id: '3hahrw', commentCount: 543, authorId: null, isSponsored: null, type: 'video' });
    expect(post.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/funny\/comments\/3hahrw\//);
  });

  it('comments_3hahrw_2016: 476 comments in reading order, 18 stubs, hasMore, totalComments 543', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('comments_3hahrw_2016.json')));
    const result = asList(await runEndpoint(forumPostCommentsEndpoint, { url: '3hahrw', limit: 500 }, upstream));
    expect(result.items).toHaveLength(476);
    expectReadingOrder(result.items);
    expect(result.items[0]).toMatchObject({ id: 'cu5pebp', parentId: null, postId: '3hahrw', likeCount: 1135 });
    expect((rawOf(result).moreStubs as unknown[]).length).toBe(18);
    expect(rawOf(result).totalComments).toBe(543);
    expect(result.pagination).toEqual({ cursor: null, hasMore: true });
    // The 2016 field set has no is_submitter: derived from the post's author unless deleted.
    const withAuthor = result.items.filter((comment) => comment.authorHandle !== null);
    expect(withAuthor.every((comment) => typeof comment.isAuthorReply === 'boolean')).toBe(true);
    expect(result.items.filter((comment) => comment.authorHandle === null).every((comment) => comment.isAuthorReply === null)).toBe(true);
  });

  it('comments_ablzuq_limit1_2020: one comment plus a top-level stub of 8620 gives hasMore', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('comments_ablzuq_limit1_2020.json')));
    const result = asList(await runEndpoint(forumPostCommentsEndpoint, { url: 'ablzuq', limit: 1 }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/ablzuq.json?sort=confidence&depth=4&limit=1&raw_json=1');
    expect(result.items).toHaveLength(1);
    const stubs = rawOf(result).moreStubs as { parentId: string | null; count: number }[];
    expect(stubs).toContainEqual(expect.objectContaining({ parentId: null, count: 8620 }));
    expect(result.pagination.hasMore).toBe(true);
    expect(rawOf(result).totalComments).toBe(8125);
  });

  it('morechildren_ablzuq_2020: the flat things list is rebuilt by parent_id', () => {
    const roots = readMoreChildren(JSON.parse(sample('morechildren_ablzuq_2020.json')));
    expect(roots).toHaveLength(24);
    const flat = flattenCommentTree(roots, { postId: 'ablzuq', postAuthor: null });
    expect(flat.comments).toHaveLength(100);
    expect(flat.moreStubs).toHaveLength(96);
    expectReadingOrder(flat.comments);
    expect(flat.comments.slice(0, 4).map((comment) => comment.parentId)).toEqual([null, 'ed1d2z7', 'ed1kaog', 'ed1nf5s']);
    expect(flat.moreStubs[0]).toMatchObject({ parentId: 'eegnz76', count: 4, continueThread: false });
  });

  it('comment_permalink_context_2019: the thread below t1_e4j4830 with its two stubs', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('comment_permalink_context_2019.json')));
    const result = asList(await runEndpoint(forumCommentRepliesEndpoint, { url: '98vj9e:e4j4830', sort: 'new' }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/98vj9e/_/e4j4830.json?sort=new&depth=7&raw_json=1');
    expect(result.items.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['e7q58bn', 'e4j4830'],
      ['e4uaa59', 'e4j4830'],
      ['e4uhrr8', 'e4uaa59'],
    ]);
    expect((rawOf(result).moreStubs as { count: number }[]).map((stub) => stub.count)).toEqual([1, 27]);
    expect((rawOf(result).anchor as Comment).id).toBe('e4j4830');
    expect(result.pagination).toEqual({ cursor: null, hasMore: true });
  });

  it('about_r_redditdev_2020: t5 to Creator', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('about_r_redditdev_2020.json')));
    const result = asSingle(await runEndpoint(forumSubredditDetailsEndpoint, { subreddit: 'redditdev' }, upstream));
    expect(result.data).toMatchObject({
      id: '2qizd',
      handle: 'redditdev',
      displayName: 'reddit Development',
      followerCount: 38934,
      isPrivate: false,
      createdAt: '2008-06-18T15:16:17.000Z',
      url: 'https://www.reddit.com/r/redditdev/',
    });
    expect(rawOf(result)).toMatchObject({ via: 'json', activeUsers: 83, subredditType: 'public' });
  });

  it('about_user_watchful1_2022: t2 to Creator, karma under raw.karma', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('about_user_watchful1_2022.json')));
    const result = asSingle(await runEndpoint(forumUserEndpoint, { username: 'u/Watchful1' }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/user/Watchful1/about.json?raw_json=1');
    expect(result.data).toMatchObject({
      id: 'd0z23',
      handle: 'Watchful1',
      displayName: null,
      followerCount: 156,
      verified: true,
      createdAt: '2013-09-05T23:38:17.000Z',
    });
    expect(result.data?.bio).toMatch(/RemindMeBot/);
    expect(rawOf(result).karma).toEqual({ link: 50781, comment: 206653, total: 265351, awarder: 3884, awardee: 4033 });
  });

  it('search_r_all_facets_2020: 31 posts, the facets key does not break parsing', async () => {
    const body = sample('search_r_all_facets_2020.json');
    const upstream = stubUpstream(() => jsonAnswer(body));
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'praw oauth search', limit: 100 }, upstream));
    expect(result.items.map((post) => post.id)).toEqual(childIds(JSON.parse(body)));
    expect(result.items).toHaveLength(31);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(upstream.calls).toHaveLength(1); // every self post carries its body: no companion feed
    expect(rawOf(result).companionFeed).toEqual({ status: 'not_needed' });
    expect((rawOf(result).posts as { community: string }[])[0]?.community).toBe('learnpython');
  });

  it('user_submitted_spez_2016: 100 posts newest first, a Listing without dist', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('user_submitted_spez_2016.json')));
    const result = asList(await runEndpoint(forumUserPostsEndpoint, { username: 'spez', limit: 100 }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/user/spez/submitted.json?sort=new&limit=100&raw_json=1');
    expect(result.items).toHaveLength(100);
    const times = result.items.map((post) => Date.parse(post.publishedAt ?? ''));
    expect(times).toEqual([...times].sort((left, right) => right - left));
    expect(result.pagination).toEqual({ cursor: 't3_21oo', hasMore: true });
  });

  it('atom_r_homelab_new_2023: feed fallback gives 25 posts with null scores', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? blocked() : atomAnswer(sample('atom_r_homelab_new_2023.xml')),
    );
    const result = asList(await runEndpoint(forumSubredditEndpoint, { subreddit: 'homelab', sort: 'new' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/r/homelab/new.json?limit=25&raw_json=1',
      'https://www.reddit.com/r/homelab/new.rss?limit=25',
    ]);
    expect(result.items).toHaveLength(25);
    expect(result.items.every((post) => post.likeCount === null && post.commentCount === null)).toBe(true);
    expect(rawOf(result).via).toBe('atom');
    expect(result.items.filter((post) => post.thumbnailUrl !== null)).toHaveLength(1);
    expect(result.items[0]).toMatchObject({
      id: '157kyrd',
      authorHandle: 'Remarkable_Housing61',
      url: 'https://www.reddit.com/r/homelab/comments/157kyrd/any_reason_to_keep_1g_connections_to_my_servers/',
      type: 'text',
    });
    expect(result.items[0]?.text).toMatch(/^Hello all, I recently acquired a 40G switch/);
  });

  it('atom_search_2021: the companion feed entry is read (a link post has no body)', () => {
    const [entry] = parseAtomFeed(sample('atom_search_2021.xml'));
    expect(entry?.id).toBe('t3_qksbf1');
  });

  it('atom_search_2021: search answered by the feed alone', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? blocked() : atomAnswer(sample('atom_search_2021.xml')),
    );
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'site:kevincox.ca', sort: 'new' }, upstream));
    expect(result.items).toEqual([
      expect.objectContaining({
        id: 'qksbf1',
        title: 'Announcing FeedMail',
        text: null,
        type: 'unknown',
        authorHandle: 'kevincox_ca',
        likeCount: null,
      }),
    ]);
    expect(rawOf(result).posts).toEqual([expect.objectContaining({ id: 'qksbf1', community: 'kevincox' })]);
  });

  it('err_403_quarantined_2020: an empty result with reason quarantined, not upstream_blocked', async () => {
    const upstream = stubUpstream(() => jsonAnswer(sample('err_403_quarantined_2020.json'), statusOf('err_403_quarantined_2020.json')));
    const result = asList(
      await runEndpoint(forumSubredditEndpoint, { subreddit: 'tiananmenaquarefalse', sort: 'top', timeframe: 'all', limit: 100 }, upstream),
    );
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/r/tiananmenaquarefalse/top.json?t=all&limit=100&raw_json=1');
    expect(result.items).toEqual([]);
    expect(result.emptyReason).toBe('quarantined');
  });

  it('err_400_user_doesnt_exist_2018: a missing user is an empty result', async () => {
    const upstream = stubUpstream(() =>
      jsonAnswer(sample('err_400_user_doesnt_exist_2018.json'), statusOf('err_400_user_doesnt_exist_2018.json')),
    );
    const result = asSingle(await runEndpoint(forumUserEndpoint, { username: 'no_such_user_2018' }, upstream));
    expect(result.data).toBeNull();
    expect(result.emptyReason).toBe('not_found');
  });
});
