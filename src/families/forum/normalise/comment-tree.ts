import type { Comment } from '../../../model/content.js';
import { makeComment } from '../../../model/make.js';
import { FORUM_PLATFORM } from '../constants.js';
import { listingSchema, type Thing } from '../schemas/listing.js';
import { commentDataSchema, moreDataSchema, type CommentData, type MoreData } from '../schemas/comment.js';
import { authorHandle, isoFromEpochSeconds, stripKind } from './values.js';
import { parseShape } from '../../../upstream/json-body.js';

/**
 * Flattens Reddit's nested comment tree in reading order (depth-first, pre-order).
 *
 * Ids are plain base36 without t1_/t3_ everywhere (id, parentId, postId, stub ids), so they
 * can be fed back as `postId:commentId`. parentId is null for a comment on the post.
 */

/** A load-more or continue-this-thread stub, kept in raw.moreStubs. */
export interface MoreStub {
  id: string;
  /** The comment the hidden replies belong to; null for top-level stubs. */
  parentId: string | null;
  /** Comments hidden behind the stub (Reddit counts their descendants too). */
  count: number;
  childIds: string[];
  /** True for "continue this thread": deeper than the requested depth, ids not listed. */
  continueThread: boolean;
}

/** What every comment of one thread shares. */
export interface FlattenContext {
  postId: string;
  /** The post's author, to derive isAuthorReply on old field sets without is_submitter. */
  postAuthor: string | null;
}

/** A flattened thread: comments in reading order and the stubs met on the way. */
export interface FlatThread {
  comments: Comment[];
  moreStubs: MoreStub[];
}

/** The children of a comment's `replies` ("" or a Listing). */
export function replyChildren(comment: CommentData): Thing[] {
  if (comment.replies === undefined || comment.replies === null || comment.replies === '') return [];
  return parseShape(listingSchema, comment.replies, 'comment replies').data.children;
}

function parentIdOf(fullname: string): string | null {
  return fullname.startsWith('t3_') ? null : stripKind(fullname);
}

function toStub(more: MoreData): MoreStub {
  return {
    id: more.id,
    parentId: parentIdOf(more.parent_id),
    count: more.count,
    childIds: more.children,
    continueThread: more.id === '_' || (more.count === 0 && more.children.length === 0),
  };
}

/**
 * replyCount: direct replies loaded plus the counts of stubs directly under the comment;
 * null when a continue-this-thread stub hides an unknown number.
 */
function replyCountOf(children: readonly Thing[]): number | null {
  let total = 0;
  for (const child of children) {
    if (child.kind === 't1') total += 1;
    else if (child.kind === 'more') {
      const stub = toStub(parseShape(moreDataSchema, child.data, 'more stub'));
      if (stub.continueThread) return null;
      total += stub.count;
    }
  }
  return total;
}

function isAuthorReply(comment: CommentData, context: FlattenContext): boolean | null {
  if (typeof comment.is_submitter === 'boolean') return comment.is_submitter;
  const author = authorHandle(comment.author);
  return author === null || context.postAuthor === null ? null : author === context.postAuthor;
}

/** One t1 as a unified Comment. likeCount is null while Reddit hides the score. */
export function normaliseComment(comment: CommentData, replies: readonly Thing[], context: FlattenContext): Comment {
  return makeComment({
    platform: FORUM_PLATFORM,
    id: comment.id,
    postId: context.postId,
    parentId: parentIdOf(comment.parent_id),
    text: comment.body,
    authorId: comment.author_fullname ? stripKind(comment.author_fullname) : null,
    authorHandle: authorHandle(comment.author),
    likeCount: comment.score_hidden === true ? null : (comment.score ?? null),
    replyCount: replyCountOf(replies),
    isPinned: comment.stickied ?? null,
    isAuthorReply: isAuthorReply(comment, context),
    publishedAt: isoFromEpochSeconds(comment.created_utc),
  });
}

/** Flattens a list of t1/more things (a Listing's children) and everything under them. */
export function flattenCommentTree(children: readonly Thing[], context: FlattenContext): FlatThread {
  const flat: FlatThread = { comments: [], moreStubs: [] };
  const visit = (things: readonly Thing[]): void => {
    for (const thing of things) {
      if (thing.kind === 'more') flat.moreStubs.push(toStub(parseShape(moreDataSchema, thing.data, 'more stub')));
      if (thing.kind !== 't1') continue;
      const comment = parseShape(commentDataSchema, thing.data, 'comment');
      const replies = replyChildren(comment);
      flat.comments.push(normaliseComment(comment, replies, context));
      visit(replies);
    }
  };
  visit(children);
  return flat;
}

/** Finds a comment anywhere in a tree by its plain id (depth-first). */
export function findComment(children: readonly Thing[], commentId: string): CommentData | null {
  for (const thing of children) {
    if (thing.kind !== 't1') continue;
    const comment = parseShape(commentDataSchema, thing.data, 'comment');
    if (comment.id === commentId) return comment;
    const found = findComment(replyChildren(comment), commentId);
    if (found !== null) return found;
  }
  return null;
}
