import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { canonicalUser, checkedPage, cursor, pageLimit, username } from './params.js';
import { searchPage } from './search-page.js';

const params = z.object({
  username,
  kind: z.enum(['story', 'comment', 'all']).default('story').describe('story, comment or all'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/news/user/submissions */
export const newsUserSubmissionsEndpoint = defineEndpoint({
  path: '/v1/news/user/submissions',
  summary: "A Hacker News user's stories or comments, newest first (HN Search)",
  description: [
    'Returns data.items: Post[] newest first, from HN Search (the username is case-sensitive).',
    'Live items only, a few minutes behind the site; a user without any (or an unknown name) is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: 'pass a cursor with the same limit it was made with' }),
  returns: { kind: 'list', type: 'Post' },
  normaliseParams: (input) => checkedPage(canonicalUser(input)),
  fetch(input, ctx): Promise<ListResult<Post>> {
    const author = `author_${input.username}`;
    const tags = input.kind === 'all' ? author : `${input.kind},${author}`;
    return searchPage(ctx, { index: 'search_by_date', tags }, input);
  },
});
