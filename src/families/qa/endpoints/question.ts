import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { Post } from '../../../model/content.js';
import { ID_OR_URL, checkedId, numericId, oneOf, pageOfKinds, pageUrl, site, siteOf } from '../input/params.js';
import { siteHost } from '../input/site.js';
import { questionExtras, questionToPost } from '../normalise/question.js';
import { numberOrNull } from '../normalise/values.js';
import { apiUrl, getApi } from '../upstream/api.js';
import { questionRaw } from './raw.js';

const params = z.object({
  site,
  id: numericId('question', '11227809'),
  url: pageUrl('question or answer page', 'https://stackoverflow.com/questions/11227809 or https://stackoverflow.com/a/11227902'),
});
type Params = z.output<typeof params>;

/**
 * One of id and url, canonical: a question page is its id; an answer page (`/a/{id}`) and a
 * question page naming an answer (`/questions/{id}/{slug}/{answerId}`) stay URLs, rebuilt on
 * the site's host, since the answer travels with the result.
 */
function canonical(input: Params): Params {
  if (oneOf(input) === 'id') return { site: siteOf(input.site, null), id: checkedId(input.id!), url: undefined };
  const page = pageOfKinds(input.url!, ['question', 'answer'], 'a question or answer page');
  const site = siteOf(input.site, page);
  if (page.kind === 'answer') return { site, id: undefined, url: `https://${siteHost(site)}/a/${page.id}` };
  if (page.answerId === null) return { site, id: page.id, url: undefined };
  return { site, id: undefined, url: `https://${siteHost(site)}/questions/${page.id}/-/${page.answerId}` };
}

/** GET /v1/qa/question */
export const qaQuestionEndpoint = defineEndpoint({
  path: '/v1/qa/question',
  summary: 'One Stack Exchange question (Stack Overflow, Super User, any network site)',
  description: [
    'Returns one Post: id is {site}:{question_id}, title and authorName decoded, text the body as plain text, likeCount the score (can be negative), commentCount the answers, hashtags the tags as sent.',
    'raw.site names the site, raw.body is the HTML body, raw.acceptedAnswerId the accepted answer (or null), raw.isAnswered, raw.closedReason and raw.isDuplicate the closed state (closed, duplicate and migrated questions are served), raw.license the CC BY-SA licence.',
    'An answer URL (/a/{id}) is read through its question (two API requests) and raw.linkedAnswerId names the answer, as it does for /questions/{id}/{slug}/{answerId}.',
    'A deleted or missing question is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: ID_OR_URL }),
  returns: { kind: 'single', type: 'Post' },
  raw: questionRaw.extend({ linkedAnswerId: z.number().nullable().describe('the answer the URL named, or null') }),
  normaliseParams: canonical,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const site = input.site!;
    let questionId = input.id;
    let linkedAnswerId: number | null = null;
    if (questionId === undefined) {
      const page = pageOfKinds(input.url!, ['question', 'answer'], 'a question or answer page');
      if (page.kind === 'question') {
        questionId = page.id;
        linkedAnswerId = Number(page.answerId);
      } else {
        linkedAnswerId = Number(page.id);
        const lookupUrl = apiUrl(`/answers/${page.id}`, { site, sort: 'activity', filter: 'withbody' });
        const lookup = await getApi(ctx, lookupUrl);
        const answer = lookup.items[0];
        if (answer === undefined) return { data: null, raw: { site, url: lookupUrl, linkedAnswerId }, emptyReason: 'not_found' };
        const owning = numberOrNull(answer.question_id);
        if (owning === null) throw schemaDrift('The API answer had no question_id.', { url: lookupUrl });
        questionId = String(owning);
      }
    }
    const url = apiUrl(`/questions/${questionId}`, { site, sort: 'activity', filter: 'withbody' });
    const answer = await getApi(ctx, url);
    const question = answer.items[0];
    if (question === undefined || typeof question.question_id !== 'number')
      return { data: null, raw: { site, url, linkedAnswerId }, emptyReason: 'not_found' };
    return {
      data: questionToPost(site, question, ctx.fetchedAt),
      raw: { ...questionExtras(site, question), linkedAnswerId, url, payload: question },
    };
  },
});
