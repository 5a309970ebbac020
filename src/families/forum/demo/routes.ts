import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { listing, moreStub, subredditAbout, t3, userAbout, type SyntheticPost } from './reddit-things.js';
import { json, onHost, text } from '../../../demo-kit/replies.js';
import {
  DEMO_CAPTIONS,
  DEMO_COMMUNITIES,
  DEMO_DASH_MANIFEST,
  DEMO_POSTS,
  DEMO_THREAD,
  DEMO_USERS,
  THREAD_POST_ID,
  VIDEO_ID,
  type DemoComment,
} from './data.js';

/**
 * The forum dataset served the way Reddit's public JSON surfaces answer: listings paged by
 * `after` fullnames, comment trees cut at `depth` and `limit` with "more" stubs, about pages,
 * and the v.redd.it manifest and caption file of the demo video. Unknown names answer like
 * Reddit does (404 "Not Found"), so the demo also shows empty results.
 */

const NOT_FOUND: FakeReply = json({ message: 'Not Found', error: 404 }, 404);
/** Top-level comments Reddit sends on a first page before a "load more" stub, whatever the limit. */
const TOP_LEVEL_BUDGET = 8;
/** Replies shown under one comment before the rest fold into a "load more" stub. */
const REPLY_BUDGET = 3;
const BASE_CREATED = 1_761_010_000;

const lower = (value: string) => value.toLowerCase();

/** One page of a listing: `limit` posts after the `after` fullname, and the next cursor. */
function page(posts: readonly SyntheticPost[], query: URLSearchParams): FakeReply {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 25) || 25, 1), 100);
  const after = query.get('after');
  const start = after === null ? 0 : posts.findIndex((post) => `t3_${post.id}` === after) + 1;
  const slice = posts.slice(start, start + limit);
  const more = start + limit < posts.length && slice.length > 0;
  return json(listing(slice, more ? `t3_${slice.at(-1)!.id}` : null));
}

function sorted(posts: readonly SyntheticPost[], sort: string | null): SyntheticPost[] {
  const copy = [...posts];
  if (sort === 'new') return copy.sort((a, b) => (b.createdUtc ?? 0) - (a.createdUtc ?? 0));
  if (sort === 'top') return copy.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  if (sort === 'controversial') return copy.reverse();
  return copy;
}

function matchesQuery(post: SyntheticPost, query: string): boolean {
  const haystack = lower(`${post.title ?? ''} ${post.selftext ?? ''}`);
  return lower(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

// ---------------------------------------------------------------- comment trees

function countAll(comments: readonly DemoComment[]): number {
  return comments.reduce((total, each) => total + 1 + countAll(each.replies ?? []), 0);
}

function orderComments(comments: readonly DemoComment[], sort: string | null): DemoComment[] {
  const copy = [...comments];
  if (sort === 'new') return copy.reverse();
  if (sort === 'top') return copy.sort((a, b) => b.score - a.score);
  return copy;
}

/**
 * A t1 thing at `level` (0 for top level). Below `maxDepth` levels its replies are replaced
 * by a continue-this-thread stub; beyond REPLY_BUDGET they fold into a load-more stub.
 */
function commentThing(postId: string, comment: DemoComment, parent: string, level: number, maxDepth: number, sort: string | null): object {
  const replies = orderComments(comment.replies ?? [], sort);
  let children: object[] = [];
  if (replies.length > 0 && level + 1 >= maxDepth) {
    children = [moreStub(postId, `t1_${comment.id}`, [], 0)];
  } else if (replies.length > 0) {
    const shown = replies.slice(0, REPLY_BUDGET);
    const hidden = replies.slice(REPLY_BUDGET);
    children = shown.map((reply) => commentThing(postId, reply, `t1_${comment.id}`, level + 1, maxDepth, sort));
    if (hidden.length > 0)
      children.push(
        moreStub(
          postId,
          `t1_${comment.id}`,
          hidden.map((each) => each.id),
          countAll(hidden),
        ),
      );
  }
  const index = DEMO_THREAD.indexOf(comment);
  return {
    kind: 't1',
    data: {
      id: comment.id,
      name: `t1_${comment.id}`,
      parent_id: parent,
      link_id: `t3_${postId}`,
      body: comment.body,
      author: comment.author,
      author_fullname: comment.author === '[deleted]' ? null : `t2_${comment.author.replace(/[^a-z0-9]/g, '')}`,
      score: comment.score,
      score_hidden: false,
      is_submitter: false,
      stickied: comment.author === 'sprout_moderator',
      created_utc: BASE_CREATED + (index < 0 ? 600 : index * 60),
      depth: level,
      replies: children.length === 0 ? '' : { kind: 'Listing', data: { after: null, before: null, dist: null, children } },
    },
  };
}

function findComment(comments: readonly DemoComment[], id: string): DemoComment | undefined {
  for (const comment of comments) {
    if (comment.id === id) return comment;
    const inside = findComment(comment.replies ?? [], id);
    if (inside) return inside;
  }
  return undefined;
}

function parentOf(comments: readonly DemoComment[], id: string, parent = `t3_${THREAD_POST_ID}`): string | undefined {
  for (const comment of comments) {
    if (comment.id === id) return parent;
    const inside = parentOf(comment.replies ?? [], id, `t1_${comment.id}`);
    if (inside) return inside;
  }
  return undefined;
}

const postListing = (post: SyntheticPost) => ({ kind: 'Listing', data: { after: null, before: null, dist: 1, children: [t3(post)] } });
const commentListing = (children: object[]) => ({ kind: 'Listing', data: { after: null, before: null, dist: null, children } });

/** /comments/{id}.json: the post and its first page of comments. */
function postThread(post: SyntheticPost, query: URLSearchParams): FakeReply {
  if (post.id !== THREAD_POST_ID) return json([postListing(post), commentListing([])]);
  const sort = query.get('sort');
  const maxDepth = Number(query.get('depth') ?? 10) || 10;
  const limit = Math.min(Number(query.get('limit') ?? 200) || 200, TOP_LEVEL_BUDGET);
  const topLevel = orderComments(DEMO_THREAD, sort);
  const children = topLevel.slice(0, limit).map((comment) => commentThing(post.id, comment, `t3_${post.id}`, 0, maxDepth, sort));
  const hidden = topLevel.slice(limit);
  if (hidden.length > 0)
    children.push(
      moreStub(
        post.id,
        `t3_${post.id}`,
        hidden.map((each) => each.id),
        countAll(hidden),
      ),
    );
  return json([postListing(post), commentListing(children)]);
}

/** /comments/{id}/_/{commentId}.json: the post and the thread rooted at one comment. */
function commentThread(post: SyntheticPost, commentId: string, query: URLSearchParams): FakeReply {
  const comment = post.id === THREAD_POST_ID ? findComment(DEMO_THREAD, commentId) : undefined;
  if (!comment) return json([postListing(post), commentListing([])]);
  const maxDepth = Number(query.get('depth') ?? 10) || 10;
  return json([
    postListing(post),
    commentListing([commentThing(post.id, comment, parentOf(DEMO_THREAD, commentId)!, 0, maxDepth, query.get('sort'))]),
  ]);
}

// ---------------------------------------------------------------- routes

function redditReply(url: URL, posts: readonly SyntheticPost[]): FakeReply | undefined {
  const postsOf = (predicate: (post: SyntheticPost) => boolean) => posts.filter(predicate);
  const path = url.pathname;
  const query = url.searchParams;
  let match: RegExpExecArray | null;
  if ((match = /^\/r\/([^/]+)\/about\.json$/.exec(path))) {
    const community = DEMO_COMMUNITIES.find((each) => lower(each.name) === lower(match![1]!));
    return community ? json(subredditAbout(community)) : NOT_FOUND;
  }
  if ((match = /^\/r\/([^/]+)\/search\.json$/.exec(path))) {
    const name = lower(match[1]!);
    return page(
      postsOf((post) => lower(post.subreddit ?? '') === name && matchesQuery(post, query.get('q') ?? '')),
      query,
    );
  }
  if (path === '/search.json')
    return page(
      postsOf((post) => matchesQuery(post, query.get('q') ?? '')),
      query,
    );
  if ((match = /^\/r\/([^/]+)\/(hot|new|top|rising|controversial)\.json$/.exec(path))) {
    const name = lower(match[1]!);
    if (!DEMO_COMMUNITIES.some((each) => lower(each.name) === name)) return NOT_FOUND;
    return page(
      sorted(
        postsOf((post) => lower(post.subreddit ?? '') === name),
        match[2]!,
      ),
      query,
    );
  }
  if ((match = /^\/user\/([^/]+)\/about\.json$/.exec(path))) {
    const user = DEMO_USERS.find((each) => lower(each.name) === lower(match![1]!));
    return user ? json(userAbout(user.name, user.karma, user)) : NOT_FOUND;
  }
  if ((match = /^\/user\/([^/]+)\/submitted\.json$/.exec(path))) {
    const name = lower(match[1]!);
    if (!DEMO_USERS.some((each) => lower(each.name) === name)) return NOT_FOUND;
    return page(
      sorted(
        postsOf((post) => lower(post.author) === name),
        query.get('sort'),
      ),
      query,
    );
  }
  if ((match = /^\/comments\/([a-z0-9]+)(?:\/_\/([a-z0-9]+))?\.json$/.exec(path))) {
    const post = posts.find((each) => each.id === match![1]);
    if (!post) return NOT_FOUND;
    return match[2] === undefined ? postThread(post, query) : commentThread(post, match[2], query);
  }
  return undefined;
}

function videoReply(url: URL): FakeReply | undefined {
  if (url.pathname === `/${VIDEO_ID}/DASHPlaylist.mpd`) return text(DEMO_DASH_MANIFEST, 'application/dash+xml');
  if (url.pathname === `/${VIDEO_ID}/wh_ben_en/captions_en.vtt`) return text(DEMO_CAPTIONS, 'text/vtt');
  return undefined;
}

export interface ForumRouteOptions {
  /**
   * When set, the weekly thread gains one point every `scoreTickMs` from the first request on,
   * so watch subscriptions on the demo see real changes. Unset: the dataset never changes.
   */
  scoreTickMs?: number;
}

/** Every forum surface of the demo dataset. */
export function forumRoutes(options: ForumRouteOptions = {}): FakeRoute[] {
  const startedAt = Date.now();
  const posts = (): readonly SyntheticPost[] => {
    if (options.scoreTickMs === undefined) return DEMO_POSTS;
    const gained = Math.floor((Date.now() - startedAt) / options.scoreTickMs);
    return DEMO_POSTS.map((post) => (post.id === THREAD_POST_ID ? { ...post, score: (post.score ?? 0) + gained } : post));
  };
  return [onHost('www.reddit.com', (url) => redditReply(url, posts())), onHost('v.redd.it', videoReply)];
}
