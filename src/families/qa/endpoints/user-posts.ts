import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Comment, Post } from '../../../model/content.js';
import { ID_OR_URL, cursor, pageLimit, pageOf } from '../input/params.js';
import { apiUrl, getApi } from '../upstream/api.js';
import { answerListRaw, answerPage, questionListRaw, questionPage } from './lists.js';
import { canonicalUser, userParams } from './user.js';

const params = z.object({
  ...userParams,
  sort: z.enum(['creation', 'activity', 'votes']).default('creation').describe('creation (newest first), activity or votes'),
  limit: pageLimit,
  cursor,
});
type Params = z.output<typeof params>;

function normalise(input: Params): Params {
  pageOf(input.cursor, input.limit);
  return canonicalUser(input);
}

/** GET /v1/qa/user/questions */
export const qaUserQuestionsEndpoint = defineEndpoint({
  path: '/v1/qa/user/questions',
  summary: "A Stack Exchange user's questions on one site, with their bodies",
  description: [
    'Returns data.items: Post[], each as /v1/qa/question gives it; raw.posts[i] holds each question’s HTML body, closed state and licence, raw.site the site.',
    'A user without questions (or a missing one) is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ID_OR_URL }),
  returns: { kind: 'list', type: 'Post' },
  raw: questionListRaw,
  normaliseParams: normalise,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const site = input.site!;
    const page = pageOf(input.cursor, input.limit);
    const url = apiUrl(`/users/${input.id!}/questions`, { site, sort: input.sort, page, pagesize: input.limit, filter: 'withbody' });
    return questionPage(site, await getApi(ctx, url), page, input.limit, ctx.fetchedAt);
  },
});

/** GET /v1/qa/user/answers */
export const qaUserAnswersEndpoint = defineEndpoint({
  path: '/v1/qa/user/answers',
  summary: "A Stack Exchange user's answers on one site, with their bodies",
  description: [
    'Returns data.items: Comment[], one per answer (postId its question, likeCount the score).',
    'raw.answers[i].isAccepted, raw.answers[i].url (the answer page), raw.answers[i].body and raw.answers[i].license; raw.site names the site.',
    'A user without answers (or a missing one) is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ID_OR_URL }),
  returns: { kind: 'list', type: 'Comment' },
  raw: answerListRaw,
  normaliseParams: normalise,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const site = input.site!;
    const page = pageOf(input.cursor, input.limit);
    const url = apiUrl(`/users/${input.id!}/answers`, { site, sort: input.sort, page, pagesize: input.limit, filter: 'withbody' });
    return answerPage(site, await getApi(ctx, url), page, input.limit, 'no_results');
  },
});
