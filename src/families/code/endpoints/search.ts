import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Repository } from '../model.js';
import { repositoryFromApi } from '../normalise/repository.js';
import { repositoryBodySchema, repositorySearchSchema } from '../schemas/repository.js';
import { emptyList } from '../upstream/answers.js';
import { apiUrl, getApi } from '../upstream/github.js';
import { pageOf, paginationAfter } from '../upstream/paging.js';
import { canonicalSearchPage, cursor, pageLimit } from './params.js';
import { searchRaw } from './raw-fields.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({
  query: z.string().min(1).max(256).describe('GitHub search syntax, e.g. "tetris language:assembly stars:>5"'),
  sort: z
    .enum(['best-match', 'stars', 'forks', 'updated'])
    .default('best-match')
    .describe("best-match (the platform's relevance), stars, forks or updated, most first"),
  limit: pageLimit,
  cursor,
});

/** The platform answers 422 for a query it cannot run (bad qualifier) or a page past its 1000-result window. */
const UNPROCESSABLE = 422;

/** GET /v1/code/search */
export const codeSearchEndpoint = defineEndpoint({
  path: '/v1/code/search',
  summary: 'Repository search with GitHub search syntax',
  description: [
    "Returns data.items: Repository[] matching query (qualifiers such as language:, stars:>, user: work as on the site); raw.totalCount is the platform's match count.",
    'The platform serves at most the first 1000 matches. Search has a smaller rate budget than the rest of the API (10 requests a minute logged out).',
    'A query the platform cannot run is 400 invalid_request with its message; no match is an empty result, never charged.',
  ].join(' '),
  params,
  raw: searchRaw,
  flags: endpointFlags({ subscribable: false, parameterConstraints: 'pass a cursor with the same limit it was made with' }),
  returns: { kind: 'list', type: 'Repository' },
  normaliseParams: canonicalSearchPage,
  async fetch(input, ctx): Promise<ListResult<Repository>> {
    const url = apiUrl('/search/repositories', {
      q: input.query,
      sort: input.sort === 'best-match' ? undefined : input.sort,
      order: input.sort === 'best-match' ? undefined : 'desc',
      per_page: input.limit,
      page: pageOf(input.cursor, input.limit),
    });
    const answer = await getApi(ctx, url, [UNPROCESSABLE]);
    if (answer.kind === 'empty') return emptyList(url, answer);
    if (answer.response.status === UNPROCESSABLE) throw unprocessable(answer.response.body);
    const payload = parseJsonBody(answer.response, 'repository search');
    const body = parseShape(repositorySearchSchema, payload, 'repository search');
    const repositories = parseShape(z.array(repositoryBodySchema), body.items, 'repository search').slice(0, input.limit);
    return {
      items: repositories.map((each) => repositoryFromApi(each, ctx.fetchedAt)),
      pagination: paginationAfter(answer.response.headers.link, input.limit),
      raw: { via: 'api', url, totalCount: body.total_count ?? null, incompleteResults: body.incomplete_results ?? null, payload },
    };
  },
});

function unprocessable(body: string) {
  let message: string | null = null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: { message?: unknown }[] };
    const detail = parsed.errors?.find((error) => typeof error.message === 'string')?.message;
    message = typeof detail === 'string' ? detail : typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    // not JSON: the generic sentence below
  }
  return invalidQuery(message);
}

function invalidQuery(message: string | null) {
  return invalidParam('query', `GitHub could not run this search${message === null ? '' : `: ${message.slice(0, 200)}`}.`);
}
