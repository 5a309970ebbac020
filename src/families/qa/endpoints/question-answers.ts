import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Comment } from '../../../model/content.js';
import { ID_OR_URL, checkedId, cursor, numericId, oneOf, pageLimit, pageOf, pageOfKinds, pageUrl, site, siteOf } from '../input/params.js';
import { apiUrl, getApi } from '../upstream/api.js';
import { answerListRaw, answerPage } from './lists.js';

const params = z.object({
  site,
  id: numericId('question', '11227809'),
  url: pageUrl('question page', 'https://stackoverflow.com/questions/11227809'),
  sort: z
    .enum(['votes', 'activity', 'creation'])
    .default('votes')
    .describe('votes (highest score first), activity or creation, newest first'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/qa/question/answers */
export const qaQuestionAnswersEndpoint = defineEndpoint({
  path: '/v1/qa/question/answers',
  summary: "A Stack Exchange question's answers, with their bodies",
  description: [
    'Returns data.items: Comment[], one per answer (postId the question, likeCount the score, replyCount its comments), in the API order for the sort: the accepted answer is not pinned.',
    'raw.answers[i].isAccepted marks the accepted answer, raw.answers[i].url is its page (attribution, with authorName), raw.answers[i].body the HTML and raw.answers[i].license its CC BY-SA licence; raw.site names the site.',
    'A question without answers (or a missing one) is an empty result (meta.reason no_answers), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ID_OR_URL }),
  returns: { kind: 'list', type: 'Comment' },
  raw: answerListRaw,
  normaliseParams(input) {
    pageOf(input.cursor, input.limit);
    if (oneOf(input) === 'id') return { ...input, site: siteOf(input.site, null), id: checkedId(input.id!) };
    const page = pageOfKinds(input.url!, ['question'], 'a question page');
    return { ...input, site: siteOf(input.site, page), id: page.id, url: undefined };
  },
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const site = input.site!;
    const page = pageOf(input.cursor, input.limit);
    const url = apiUrl(`/questions/${input.id!}/answers`, { site, sort: input.sort, page, pagesize: input.limit, filter: 'withbody' });
    return answerPage(site, await getApi(ctx, url), page, input.limit, 'no_answers');
  },
});
