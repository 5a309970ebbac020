import type { Comment } from '../../../model/content.js';
import { makeComment } from '../../../model/make.js';
import { FEDIVERSE_PLATFORM } from '../constants.js';
import type { OriginalStatus } from '../schemas/mastodon.js';
import { isOptedOut } from './consent.js';
import { htmlToText } from './html-text.js';
import { count, fullAcct, text } from './values.js';

export interface CommentExtras {
  uri: string;
  /** 1 for a direct reply to the post. */
  depth: number;
  parentId: string | null;
  /** The reply's content warning (`spoiler_text`), or null. */
  contentWarning: string | null;
}

export interface Replies {
  comments: Comment[];
  extras: CommentExtras[];
  /** Replies left out because their author (or the author of a reply above them) opted out. */
  withheld: number;
}

/**
 * A context's descendants as Comments, in the order served (depth-first, the author's own
 * replies first: never re-sorted). Parents are found by local id among the descendants; a
 * reply whose author opted out is withheld with every reply under it.
 */
export function descendantsToComments(root: OriginalStatus, descendants: readonly OriginalStatus[], host: string): Replies {
  const postId = root.uri;
  const postAuthor = fullAcct(root.account.acct, host);
  const placed = new Map<string, { uri: string; depth: number }>();
  const withheldIds = new Set<string>();
  const replies: Replies = { comments: [], extras: [], withheld: 0 };
  for (const status of descendants) {
    const parentLocal = status.in_reply_to_id ?? null;
    if (isOptedOut(status.account) || (parentLocal !== null && withheldIds.has(parentLocal))) {
      withheldIds.add(status.id);
      replies.withheld += 1;
      continue;
    }
    const parent = parentLocal === null || parentLocal === root.id ? undefined : placed.get(parentLocal);
    const depth = parent ? parent.depth + 1 : 1;
    placed.set(status.id, { uri: status.uri, depth });
    const author = fullAcct(status.account.acct, host);
    replies.comments.push(
      makeComment({
        platform: FEDIVERSE_PLATFORM,
        id: status.uri,
        postId,
        parentId: parent?.uri ?? null,
        text: htmlToText(status.content),
        authorId: author,
        authorHandle: author,
        authorName: text(status.account.display_name),
        authorAvatarUrl: text(status.account.avatar),
        likeCount: count(status.favourites_count),
        replyCount: count(status.replies_count),
        isAuthorReply: author === postAuthor,
        publishedAt: text(status.created_at),
      }),
    );
    replies.extras.push({ uri: status.uri, depth, parentId: parent?.uri ?? null, contentWarning: text(status.spoiler_text) });
  }
  return replies;
}
