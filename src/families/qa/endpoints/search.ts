import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { queryBoolean, queryInt } from '../../../catalogue/query-params.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Post } from '../../../model/content.js';
import { checkedTags, cursor, pageLimit, pageOf, site, siteOf } from '../input/params.js';
import { apiUrl, getApi } from '../upstream/api.js';
import { questionListRaw, questionPage } from './lists.js';

const words = (what: string) => z.string().min(1).max(300).optional().describe(what);

const params = z.object({
  site,
  query: words('free text searched in titles and bodies'),
  title: words('text the title must contain'),
  tag: z.string().min(1).max(200).optional().describe('up to 5 tags joined by ";", all required'),
  accepted: queryBoolean.optional().describe('true: only questions with an accepted answer; false: only those without'),
  answers: queryInt(0, 1000).optional().describe('the fewest answers a question must have (0-1000)'),
  sort: z
    .enum(['relevance', 'activity', 'creation', 'votes'])
    .default('relevance')
    .describe('relevance, activity, creation (newest) or votes'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/qa/search */
export const qaSearchEndpoint = defineEndpoint({
  path: '/v1/qa/search',
  summary: "Searches a Stack Exchange site's questions by words, title and tags",
  description: [
    'Returns data.items: Post[], each as /v1/qa/question gives it; raw.posts[i] holds each question’s HTML body, closed state and licence, raw.site the site.',
    'Without a key the API serves 25 pages at most: the 25th says hasMore false and raw.cap 25.',
    'No match is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: 'pass at least one of query, title and tag' }),
  returns: { kind: 'list', type: 'Post' },
  raw: questionListRaw,
  normaliseParams(input) {
    pageOf(input.cursor, input.limit);
    const query = input.query?.trim() || undefined;
    const title = input.title?.trim() || undefined;
    if (query === undefined && title === undefined && input.tag === undefined)
      throw invalidParam('query', 'Pass at least one of query, title and tag.');
    return { ...input, site: siteOf(input.site, null), query, title, tag: input.tag === undefined ? undefined : checkedTags(input.tag) };
  },
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const site = input.site!;
    const page = pageOf(input.cursor, input.limit);
    const extra = {
      q: input.query,
      title: input.title,
      tagged: input.tag,
      accepted: input.accepted === undefined ? undefined : String(input.accepted),
      answers: input.answers === undefined ? undefined : String(input.answers),
    };
    const url = apiUrl('/search/advanced', { site, sort: input.sort, page, pagesize: input.limit, extra, filter: 'withbody' });
    return questionPage(site, await getApi(ctx, url), page, input.limit, ctx.fetchedAt);
  },
});
