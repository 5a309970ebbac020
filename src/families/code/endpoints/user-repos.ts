import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { parseLogin } from '../input/refs.js';
import type { Repository } from '../model.js';
import { repositoryFromApi } from '../normalise/repository.js';
import { repositoryBodySchema } from '../schemas/repository.js';
import { emptyList } from '../upstream/answers.js';
import { apiUrl, getApi } from '../upstream/github.js';
import { pageOf, paginationAfter } from '../upstream/paging.js';
import { canonicalUserPage, cursor, pageLimit, username } from './params.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const SORTS = ['updated', 'pushed', 'created', 'full_name'] as const;

const params = z.object({
  username,
  sort: z.enum(SORTS).default('updated').describe('order: updated, pushed or created (newest first), or full_name (A-Z)'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/code/user/repos */
export const codeUserReposEndpoint = defineEndpoint({
  path: '/v1/code/user/repos',
  summary: "An account's public repositories (a person's or an organisation's)",
  description: [
    "Returns data.items: Repository[] owned by the account, in the order sort asks for; pagination.cursor follows the platform's Link header.",
    'Lists do not carry the watcher count (watcherCount is null here; GET /v1/code/repo has it).',
    'A missing account is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: 'pass a cursor with the same limit it was made with' }),
  returns: { kind: 'list', type: 'Repository' },
  normaliseParams: canonicalUserPage,
  async fetch(input, ctx): Promise<ListResult<Repository>> {
    const url = apiUrl(`/users/${encodeURIComponent(parseLogin(input.username))}/repos`, {
      type: 'owner',
      sort: input.sort,
      direction: input.sort === 'full_name' ? 'asc' : 'desc',
      per_page: input.limit,
      page: pageOf(input.cursor, input.limit),
    });
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptyList(url, answer);
    const payload = parseJsonBody(answer.response, 'repository list');
    const repositories = parseShape(z.array(repositoryBodySchema), payload, 'repository list');
    return {
      items: repositories.slice(0, input.limit).map((each) => repositoryFromApi(each, ctx.fetchedAt)),
      pagination: paginationAfter(answer.response.headers.link, input.limit),
      raw: { via: 'api', url, payload },
    };
  },
});
