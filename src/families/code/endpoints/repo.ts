import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { parseRepo } from '../input/refs.js';
import type { Repository } from '../model.js';
import { repositoryFromApi } from '../normalise/repository.js';
import { repositoryBodySchema } from '../schemas/repository.js';
import { emptySingle } from '../upstream/answers.js';
import { getApi } from '../upstream/github.js';
import { repoApiUrl } from './repo-urls.js';
import { canonicalRepo, repo } from './params.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({ repo });

/** GET /v1/code/repo */
export const codeRepoEndpoint = defineEndpoint({
  path: '/v1/code/repo',
  summary: 'One public repository: stars, forks, watchers, open issues, language, topics and license',
  description: [
    "Returns one Repository. starCount is the stars, watcherCount the accounts watching for notifications (the platform's subscribers_count; its watchers_count repeats the stars), license the SPDX id.",
    'Null means the platform does not expose the field for this repository (no description, no detected language, no license).',
    'A missing or private repository is an empty result (meta.reason not_found); one withheld for legal reasons has meta.reason unavailable_for_legal_reasons. Neither is charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Repository' },
  normaliseParams: canonicalRepo,
  async fetch(input, ctx): Promise<SingleResult<Repository>> {
    const url = repoApiUrl(parseRepo(input.repo));
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptySingle(url, answer);
    const payload = parseJsonBody(answer.response, 'repository');
    const body = parseShape(repositoryBodySchema, payload, 'repository');
    return { data: repositoryFromApi(body, ctx.fetchedAt), raw: { via: 'api', url, payload } };
  },
});
