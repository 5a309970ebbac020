import { z } from 'zod';
import type { Pagination } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import { ANONYMOUS_PAGE_CAP } from '../constants.js';
import type { ApiAnswer } from '../upstream/api.js';
import { encodePage } from '../input/params.js';
import { answerExtras, answerToComment } from '../normalise/answer.js';
import { questionExtras, questionToPost } from '../normalise/question.js';

/** What every qa list keeps in raw, beside its items' own extras. */
export const listRaw = {
  site: z.string().describe('the API site the list was read from'),
  cap: z.number().describe(`present (${ANONYMOUS_PAGE_CAP}) when the list stops at the last page the API serves without a key`),
};

/** The API's items, each with the numeric id field it must have (an item without one is drift, never a made-up id). */
export function itemsWith(answer: ApiAnswer, idField: string): Record<string, unknown>[] {
  for (const item of answer.items)
    if (typeof item[idField] !== 'number') throw schemaDrift(`An API item had no numeric ${idField}.`, { url: answer.url });
  return answer.items;
}

/**
 * The next page, when the API says there is one: without a key it serves no page past the 25th,
 * so the 25th says hasMore false and raw.cap names the cap.
 */
export function pageAfter(answer: ApiAnswer, page: number, limit: number): { pagination: Pagination; cap: number | undefined } {
  const capped = !answer.keyed && page >= ANONYMOUS_PAGE_CAP && answer.has_more === true;
  const hasMore = answer.has_more === true && !capped;
  return { pagination: { cursor: hasMore ? encodePage(page + 1, limit) : null, hasMore }, cap: capped ? ANONYMOUS_PAGE_CAP : undefined };
}

/** A page of questions as Posts, `raw.posts[i]` holding each one's extras. */
export function questionPage(site: string, answer: ApiAnswer, page: number, limit: number, fetchedAt: string) {
  const questions = itemsWith(answer, 'question_id');
  const { pagination, cap } = pageAfter(answer, page, limit);
  return {
    items: questions.map((question) => questionToPost(site, question, fetchedAt)),
    pagination,
    raw: {
      site,
      url: answer.url,
      page,
      ...(cap === undefined ? {} : { cap }),
      posts: questions.map((question) => questionExtras(site, question)),
    },
    ...(questions.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}

/** A page of answers as Comments, `raw.answers[i]` holding each one's acceptance, URL and licence. */
export function answerPage(site: string, answer: ApiAnswer, page: number, limit: number, emptyReason: string) {
  const answers = itemsWith(answer, 'answer_id');
  const { pagination, cap } = pageAfter(answer, page, limit);
  return {
    items: answers.map((item) => answerToComment(site, item)),
    pagination,
    raw: { site, url: answer.url, page, ...(cap === undefined ? {} : { cap }), answers: answers.map((item) => answerExtras(site, item)) },
    ...(answers.length === 0 ? { emptyReason } : {}),
  };
}

export const questionListRaw = z.object({
  ...listRaw,
  posts: z
    .array(z.looseObject({}))
    .describe('per question: raw.posts[i].site, body, acceptedAnswerId, isAnswered, closedReason, isDuplicate, license'),
});
export const answerListRaw = z.object({
  ...listRaw,
  answers: z.array(z.looseObject({})).describe('per answer: raw.answers[i].isAccepted, url (https://{host}/a/{id}), body, license'),
});
