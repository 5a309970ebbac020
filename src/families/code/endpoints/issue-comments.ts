import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Comment } from '../../../model/content.js';
import { parseIssue } from '../input/refs.js';
import { issueCommentToComment } from '../normalise/issue.js';
import { extractMentions } from '../normalise/mentions.js';
import { issueCommentSchema } from '../schemas/issue.js';
import { emptyList } from '../upstream/answers.js';
import { getApi } from '../upstream/github.js';
import { pageOf, paginationAfter } from '../upstream/paging.js';
import { canonicalIssuePage, cursor, issueUrl, pageLimit } from './params.js';
import { issueCommentsApiUrl } from './repo-urls.js';
import { issueCommentsRaw } from './raw-fields.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({ url: issueUrl, limit: pageLimit, cursor });

/** GET /v1/code/issue/comments */
export const codeIssueCommentsEndpoint = defineEndpoint({
  path: '/v1/code/issue/comments',
  summary: 'The comments of an issue or pull request, oldest first',
  description: [
    'Returns data.items: Comment[] oldest first; postId is the issue number as a string; comments are flat (parentId null).',
    "raw.comments gives each comment's web URL, the mentions (@login) in its text and the author's association with the repository.",
    "Review comments on a pull request's code are not included. A missing issue is an empty result (meta.reason not_found), never charged.",
  ].join(' '),
  params,
  raw: issueCommentsRaw,
  flags: endpointFlags({ subscribable: false, parameterConstraints: 'pass a cursor with the same limit it was made with' }),
  returns: { kind: 'list', type: 'Comment' },
  normaliseParams: canonicalIssuePage,
  async fetch(input, ctx): Promise<ListResult<Comment>> {
    const ref = parseIssue(input.url);
    const url = issueCommentsApiUrl(ref, { per_page: input.limit, page: pageOf(input.cursor, input.limit) });
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptyList(url, answer);
    const payload = parseJsonBody(answer.response, 'issue comments');
    const comments = parseShape(z.array(issueCommentSchema), payload, 'issue comments').slice(0, input.limit);
    return {
      items: comments.map((comment) => issueCommentToComment(comment, ref.number)),
      pagination: paginationAfter(answer.response.headers.link, input.limit),
      raw: {
        via: 'api',
        url,
        comments: comments.map((comment) => ({
          id: comment.id,
          url: comment.html_url ?? null,
          mentions: extractMentions(comment.body),
          authorAssociation: comment.author_association ?? null,
        })),
        payload,
      },
    };
  },
});
