import type { Comment } from '../../../model/content.js';
import { makeComment } from '../../../model/make.js';
import { QA_PLATFORM } from '../constants.js';
import { siteHost } from '../input/site.js';
import { bodyToText } from './html-text.js';
import { ownerOf } from './owner.js';
import { booleanOrNull, isoFromUnix, numberOrNull, siteId, stringOrNull } from './values.js';

/** An answer as a Comment of its question: the score as likes, its own comments as replies. Order is the API's. */
export function answerToComment(site: string, answer: Record<string, unknown>): Comment {
  const owner = ownerOf(site, answer.owner);
  const body = stringOrNull(answer.body);
  return makeComment({
    platform: QA_PLATFORM,
    id: siteId(site, answer.answer_id) ?? `${site}:`,
    postId: siteId(site, answer.question_id),
    text: body === null ? '' : bodyToText(body),
    authorId: owner.authorId,
    authorName: owner.authorName,
    authorAvatarUrl: owner.avatarUrl,
    likeCount: numberOrNull(answer.score),
    replyCount: numberOrNull(answer.comment_count),
    publishedAt: isoFromUnix(answer.creation_date),
  });
}

/** What an answer keeps in `raw.answers[i]`: acceptance, its URL (attribution), HTML body and licence. */
export function answerExtras(site: string, answer: Record<string, unknown>): Record<string, unknown> {
  const id = numberOrNull(answer.answer_id);
  return {
    site,
    isAccepted: booleanOrNull(answer.is_accepted),
    url: id === null ? null : `https://${siteHost(site)}/a/${id}`,
    body: stringOrNull(answer.body),
    license: stringOrNull(answer.content_license),
  };
}
