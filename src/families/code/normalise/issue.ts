import type { z } from 'zod';
import type { Comment, Post } from '../../../model/content.js';
import { makeComment, makePost } from '../../../model/make.js';
import type { issueExtrasRaw } from '../endpoints/raw-fields.js';
import { CODE_PLATFORM } from '../constants.js';
import type { IssueBody, IssueComment } from '../schemas/issue.js';
import { extractMentions } from './mentions.js';
import { textOrNull, timeOrNull } from './values.js';

/** Issue or pull request: the issue endpoints list both, a pull request carries `pull_request`. */
export type IssueKind = 'issue' | 'pull';

export const kindOf = (issue: IssueBody): IssueKind => (issue.pull_request ? 'pull' : 'issue');

/**
 * An issue or pull request as a Post (`type` text). likeCount is the thumbs-up reactions where
 * the answer carries reactions; `#123` references are not hashtags.
 */
export function issueToPost(issue: IssueBody, fetchedAt: string): Post {
  const body = textOrNull(issue.body);
  const title = textOrNull(issue.title);
  return makePost({
    platform: CODE_PLATFORM,
    id: issue.id,
    type: 'text',
    url: textOrNull(issue.html_url),
    title,
    text: body,
    authorId: issue.user?.id ?? null,
    authorHandle: issue.user?.login ?? null,
    likeCount: issue.reactions?.['+1'] ?? null,
    commentCount: issue.comments ?? null,
    mentions: extractMentions(title, body),
    publishedAt: timeOrNull(issue.created_at),
    fetchedAt,
  });
}

/** What raw keeps of an issue beside the Post: its number, kind, state and labels. */
export function issueExtras(issue: IssueBody): z.input<typeof issueExtrasRaw> {
  return {
    id: issue.id,
    number: issue.number,
    kind: kindOf(issue),
    state: issue.state ?? null,
    stateReason: issue.state_reason ?? null,
    labels: (issue.labels ?? [])
      .map((label) => (typeof label === 'string' ? label : (label.name ?? null)))
      .filter((name): name is string => name !== null),
    locked: issue.locked ?? null,
    authorAssociation: issue.author_association ?? null,
    mergedAt: issue.pull_request?.merged_at ?? null,
    updatedAt: timeOrNull(issue.updated_at),
    closedAt: timeOrNull(issue.closed_at),
  };
}

/** A comment on issue `number` (postId is the number as a string; comments are flat, no parent). */
export function issueCommentToComment(comment: IssueComment, issueNumber: number): Comment {
  return makeComment({
    platform: CODE_PLATFORM,
    id: comment.id,
    postId: String(issueNumber),
    text: comment.body ?? '',
    authorId: comment.user?.id ?? null,
    authorHandle: comment.user?.login ?? null,
    authorAvatarUrl: textOrNull(comment.user?.avatar_url),
    likeCount: comment.reactions?.['+1'] ?? null,
    publishedAt: timeOrNull(comment.created_at),
  });
}
