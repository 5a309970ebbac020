import type { Comment } from '../../../model/content.js';
import { makeComment } from '../../../model/make.js';
import { SOCIAL_PLATFORM } from '../constants.js';
import { postViewSchema, type PostView } from '../schemas/views.js';
import { isOptedOut } from './opt-out.js';
import { text } from './values.js';

/**
 * A thread's replies flattened depth-first in served order (each reply, then its replies), with
 * their depth and parent. Replies the AppView could not show (`#notFoundPost`, `#blockedPost`) and
 * replies by an account that opted out of logged-out view are skipped with everything below them,
 * and counted.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A thread of more comments than this is cut (the AppView's own bounds are far below it). */
const MAX_COMMENTS = 5000;

export interface FlatComment {
  comment: Comment;
  depth: number;
}

export interface FlatThread {
  comments: FlatComment[];
  /** Replies left out, by reason: not_found, blocked, author_opted_out. */
  skipped: Record<string, number>;
  /** True when `limit` cut top-level replies or a reply at the depth limit has replies not fetched. */
  hasMore: boolean;
}

export interface ThreadOptions {
  post: PostView;
  depth: number;
  limit: number;
}

/** The view of a thread node: the post of a `#threadViewPost`, or the reason it cannot be shown. */
export function threadNodeOf(node: unknown): { post: PostView; replies: unknown[] } | { missing: string } {
  if (!isObject(node)) return { missing: 'not_found' };
  const type = typeof node.$type === 'string' ? node.$type : '';
  if (type.endsWith('#blockedPost') || node.blocked === true) return { missing: 'blocked' };
  if (type.endsWith('#notFoundPost') || node.notFound === true) return { missing: 'not_found' };
  const post = postViewSchema.safeParse(node.post);
  if (!post.success) return { missing: 'not_found' };
  return { post: post.data, replies: Array.isArray(node.replies) ? node.replies : [] };
}

export function flattenReplies(replies: readonly unknown[], options: ThreadOptions): FlatThread {
  const flat: FlatThread = { comments: [], skipped: {}, hasMore: replies.length > options.limit };
  const skip = (reason: string, count: number) => (flat.skipped[reason] = (flat.skipped[reason] ?? 0) + count);
  const walk = (nodes: readonly unknown[], parentId: string | null, depth: number): void => {
    for (const node of nodes) {
      if (flat.comments.length >= MAX_COMMENTS) {
        flat.hasMore = true;
        return;
      }
      const read = threadNodeOf(node);
      if ('missing' in read) {
        skip(read.missing, 1);
        continue;
      }
      if (isOptedOut(read.post.author)) {
        skip('author_opted_out', 1 + descendants(read.replies, 1));
        continue;
      }
      flat.comments.push({ comment: replyToComment(read.post, options.post, parentId), depth });
      if (depth >= options.depth) {
        if ((read.post.replyCount ?? 0) > 0) flat.hasMore = true;
        continue;
      }
      walk(read.replies, read.post.uri, depth + 1);
    }
  };
  walk(replies.slice(0, options.limit), null, 1);
  return flat;
}

/** How many replies sit below a withheld one (they go with it). */
function descendants(replies: readonly unknown[], depth: number): number {
  if (depth > 64) return 0;
  let count = 0;
  for (const node of replies) {
    const read = threadNodeOf(node);
    if ('post' in read) count += 1 + descendants(read.replies, depth + 1);
  }
  return count;
}

function replyToComment(reply: PostView, post: PostView, parentId: string | null): Comment {
  return makeComment({
    platform: SOCIAL_PLATFORM,
    id: reply.uri,
    postId: post.uri,
    parentId,
    text: reply.record.text ?? '',
    authorId: reply.author.did,
    authorHandle: reply.author.handle.toLowerCase(),
    authorName: text(reply.author.displayName),
    authorAvatarUrl: text(reply.author.avatar),
    likeCount: reply.likeCount ?? null,
    replyCount: reply.replyCount ?? null,
    isAuthorReply: reply.author.did === post.author.did,
    publishedAt: text(reply.record.createdAt),
  });
}
