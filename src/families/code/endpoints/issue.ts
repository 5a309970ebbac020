import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { parseIssue } from '../input/refs.js';
import { issueExtras, issueToPost } from '../normalise/issue.js';
import { issueBodySchema } from '../schemas/issue.js';
import { emptySingle } from '../upstream/answers.js';
import { getApi } from '../upstream/github.js';
import { canonicalIssue, issueUrl } from './params.js';
import { issueApiUrl } from './repo-urls.js';
import { issueExtrasRaw } from './raw-fields.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({ url: issueUrl });

/** GET /v1/code/issue */
export const codeIssueEndpoint = defineEndpoint({
  path: '/v1/code/issue',
  summary: 'One issue or pull request',
  description: [
    'Returns one Post (type "text"): title, text (the body), author, comment count, mentions (@login), publishedAt.',
    'raw.kind is "issue" or "pull"; raw also gives the number, state, labels and, for a pull request, when it was merged.',
    'A missing issue (or one in a missing repository) is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  raw: issueExtrasRaw,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Post' },
  normaliseParams: canonicalIssue,
  async fetch(input, ctx): Promise<SingleResult<Post>> {
    const url = issueApiUrl(parseIssue(input.url));
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptySingle(url, answer);
    const payload = parseJsonBody(answer.response, 'issue');
    const issue = parseShape(issueBodySchema, payload, 'issue');
    return { data: issueToPost(issue, ctx.fetchedAt), raw: { via: 'api', url, ...issueExtras(issue), payload } };
  },
});
