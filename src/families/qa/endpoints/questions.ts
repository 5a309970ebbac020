import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Post } from '../../../model/content.js';
import { checkedTags, cursor, pageLimit, pageOf, pageOfKinds, pageUrl, site, siteOf } from '../input/params.js';
import { apiUrl, getApi } from '../upstream/api.js';
import { questionListRaw, questionPage } from './lists.js';

const params = z.object({
  site,
  tag: z.string().min(1).max(200).optional().describe('up to 5 tags joined by ";", all required, e.g. javascript;arrays (optional)'),
  url: pageUrl('tag page', 'https://stackoverflow.com/questions/tagged/javascript'),
  sort: z
    .enum(['activity', 'creation', 'votes', 'hot', 'week', 'month'])
    .default('activity')
    .describe('activity (latest activity first), creation (newest), votes, hot, week or month (hot this week or month)'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/qa/questions */
export const qaQuestionsEndpoint = defineEndpoint({
  path: '/v1/qa/questions',
  summary: "A Stack Exchange site's questions, all of them or those with every given tag",
  description: [
    'Returns data.items: Post[], each as /v1/qa/question gives it, in the order of sort.',
    'raw.posts[i] holds each question’s site, HTML body, accepted answer, closed state and licence; raw.site names the site.',
    'Without a key the API serves 25 pages at most: the 25th says hasMore false and raw.cap 25.',
    'No question is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: 'pass tag or url (a tag page), or neither for every question' }),
  returns: { kind: 'list', type: 'Post' },
  raw: questionListRaw,
  normaliseParams(input) {
    pageOf(input.cursor, input.limit);
    if (input.url === undefined)
      return { ...input, site: siteOf(input.site, null), tag: input.tag === undefined ? undefined : checkedTags(input.tag) };
    if (input.tag !== undefined) throw invalidParam('url', 'Pass either tag or url, not both.');
    const page = pageOfKinds(input.url, ['tag'], 'a tag page (/questions/tagged/{tag})');
    return { ...input, site: siteOf(input.site, page), tag: checkedTags(page.tag, 'url'), url: undefined };
  },
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const site = input.site!;
    const page = pageOf(input.cursor, input.limit);
    const url = apiUrl('/questions', {
      site,
      sort: input.sort,
      page,
      pagesize: input.limit,
      extra: { tagged: input.tag },
      filter: 'withbody',
    });
    return questionPage(site, await getApi(ctx, url), page, input.limit, ctx.fetchedAt);
  },
});
