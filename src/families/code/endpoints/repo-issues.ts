import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { parseRepo } from '../input/refs.js';
import { issueExtras, issueToPost, kindOf } from '../normalise/issue.js';
import { issueBodySchema } from '../schemas/issue.js';
import { emptyList } from '../upstream/answers.js';
import { getApi } from '../upstream/github.js';
import { pageOf, paginationAfter } from '../upstream/paging.js';
import { canonicalRepoPage, cursor, pageLimit, repo } from './params.js';
import { issuesApiUrl } from './repo-urls.js';
import { issuesRaw } from './raw-fields.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({
  repo,
  state: z.enum(['open', 'closed', 'all']).default('open').describe('open, closed or all'),
  kind: z.enum(['issue', 'pull', 'all']).default('all').describe('issue, pull (pull requests) or all'),
  sort: z.enum(['created', 'updated', 'comments']).default('created').describe('order, newest or most first: created, updated or comments'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/code/repo/issues */
export const codeRepoIssuesEndpoint = defineEndpoint({
  path: '/v1/code/repo/issues',
  summary: "A repository's issues and pull requests",
  description: [
    'Returns data.items: Post[] (type "text"): title, text (the body), author, comment count and mentions (@login) of each issue or pull request; #123 references are not hashtags.',
    'raw.posts gives each item\'s number, kind ("issue" or "pull"), state and labels, in the same order.',
    'The platform lists pull requests among issues: kind=issue or kind=pull keeps one of them, so a page can hold fewer than limit items while hasMore is true.',
    'A missing repository is an empty result (meta.reason not_found); one with issues turned off has meta.reason gone. Neither is charged.',
  ].join(' '),
  params,
  raw: issuesRaw,
  flags: endpointFlags({
    subscribable: true,
    parameterConstraints:
      'pass a cursor with the same limit it was made with; with kind=issue or kind=pull a page may hold fewer than limit items',
  }),
  returns: { kind: 'list', type: 'Post' },
  normaliseParams: canonicalRepoPage,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const url = issuesApiUrl(parseRepo(input.repo), {
      state: input.state,
      sort: input.sort,
      direction: 'desc',
      per_page: input.limit,
      page: pageOf(input.cursor, input.limit),
    });
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptyList(url, answer);
    const payload = parseJsonBody(answer.response, 'issue list');
    const issues = parseShape(z.array(issueBodySchema), payload, 'issue list')
      .filter((issue) => input.kind === 'all' || kindOf(issue) === input.kind)
      .slice(0, input.limit);
    return {
      items: issues.map((issue) => issueToPost(issue, ctx.fetchedAt)),
      pagination: paginationAfter(answer.response.headers.link, input.limit),
      raw: { via: 'api', url, posts: issues.map(issueExtras), payload },
    };
  },
});
