import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { QA_PLATFORM } from '../constants.js';
import { bodyToText, decodedText } from './html-text.js';
import { ownerOf } from './owner.js';
import { booleanOrNull, httpsLink, isoFromUnix, numberOrNull, siteId, stringOrNull, tagsOf } from './values.js';

/** A question as a Post: the title and owner decoded, the body as text, the score as likes, answers as comments. */
export function questionToPost(site: string, question: Record<string, unknown>, fetchedAt: string): Post {
  const owner = ownerOf(site, question.owner);
  const body = stringOrNull(question.body);
  return makePost({
    platform: QA_PLATFORM,
    id: siteId(site, question.question_id) ?? `${site}:`,
    type: 'text',
    url: httpsLink(question.link),
    title: decodedText(question.title),
    text: body === null ? null : bodyToText(body),
    authorId: owner.authorId,
    authorName: owner.authorName,
    viewCount: numberOrNull(question.view_count),
    likeCount: numberOrNull(question.score),
    commentCount: numberOrNull(question.answer_count),
    hashtags: tagsOf(question.tags),
    publishedAt: isoFromUnix(question.creation_date),
    fetchedAt,
  });
}

/** What a question keeps in raw (`raw.<key>` alone, `raw.posts[i]` in lists): its site, HTML body, state and licence. */
export function questionExtras(site: string, question: Record<string, unknown>): Record<string, unknown> {
  const closedReason = stringOrNull(question.closed_reason);
  return {
    site,
    body: stringOrNull(question.body),
    acceptedAnswerId: numberOrNull(question.accepted_answer_id),
    isAnswered: booleanOrNull(question.is_answered),
    closedReason,
    isDuplicate: closedReason !== null && closedReason.toLowerCase() === 'duplicate',
    license: stringOrNull(question.content_license),
  };
}
