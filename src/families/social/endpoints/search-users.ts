import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { actorsPageSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { creatorsResult, emptyList, parseShape } from './pages.js';
import { canonicalQuery, cursor, pageLimit } from './params.js';

const params = z.object({
  query: z.string().min(1).max(256).describe('words to find in handles, display names and descriptions'),
  limit: pageLimit(100, 25),
  cursor,
});

/** GET /v1/social/search/users */
export const socialSearchUsersEndpoint = defineEndpoint({
  path: '/v1/social/search/users',
  summary: 'Bluesky accounts matching words, best match first',
  description: [
    "Returns data.items: Creator[] in the platform's order (their counts are null: search results carry none).",
    'Accounts that asked not to be shown to logged-out viewers are left out (meta.warnings says how many). No match is an empty result (meta.reason no_results), never charged.',
    'There is no post search: the platform closes it to logged-out callers.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Creator' },
  normaliseParams: canonicalQuery,
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const answer = await getXrpc(ctx, 'app.bsky.actor.searchActors', { q: input.query, limit: input.limit, cursor: input.cursor });
    if (answer.kind === 'empty') return emptyList(answer);
    const body = parseShape(actorsPageSchema, answer.body, 'searchActors');
    return creatorsResult(body.actors, answer, body.cursor, ctx.fetchedAt);
  },
});
