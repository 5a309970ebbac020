import type { Comment } from '../../../model/content.js';
import { makeComment } from '../../../model/make.js';
import { NEWS_PLATFORM } from '../constants.js';
import { htmlToText } from './html-text.js';
import { isoFromUnix } from './values.js';

/**
 * One comment as either source gives it, before it is placed: Algolia tree nodes and Firebase
 * items both become this, so one flattening serves both.
 */
export interface CommentNode {
  id: string;
  author: string | null;
  html: string | null;
  points: number | null;
  time: number | null;
  /** Deleted or dead (Firebase), or without an author (Algolia): a placeholder keeps its place. */
  removed: boolean;
}

/** A node in the tree, with what placing it needs: its depth (1 = a direct reply) and parent. */
export interface PlacedNode extends CommentNode {
  depth: number;
  parentId: string | null;
  replyCount: number;
}

export interface ThreadContext {
  /** The story's id (null when the thread starts at a comment whose story is unknown). */
  postId: string | null;
  /** The story's author, for isAuthorReply (null when unknown). */
  storyAuthor: string | null;
}

export function placedToComment(node: PlacedNode, thread: ThreadContext): Comment {
  const author = node.removed ? null : node.author;
  return makeComment({
    platform: NEWS_PLATFORM,
    id: node.id,
    postId: thread.postId,
    parentId: node.parentId,
    text: node.removed ? '' : (htmlToText(node.html) ?? ''),
    authorId: author,
    authorHandle: author,
    likeCount: node.points,
    replyCount: node.replyCount,
    isAuthorReply: thread.storyAuthor === null ? null : author === thread.storyAuthor,
    publishedAt: isoFromUnix(node.time),
  });
}

/** raw.comments[i]: where each comment sits. */
export const placement = (node: PlacedNode) => ({ id: node.id, depth: node.depth, removed: node.removed });
