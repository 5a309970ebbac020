import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { isOptedOut } from '../normalise/opt-out.js';
import { followersPageSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { creatorsResult, emptyList, optedOutList, parseShape } from './pages.js';
import { canonicalActor, cursor, handle, HANDLE_FORMS, pageLimit } from './params.js';

const params = z.object({ handle, limit: pageLimit(100, 50), cursor });

/** GET /v1/social/profile/followers */
export const socialProfileFollowersEndpoint = defineEndpoint({
  path: '/v1/social/profile/followers',
  summary: "A Bluesky account's followers, most recent first",
  description: [
    'Returns data.items: Creator[] (their counts are null: follower lists carry none). The platform drops accounts it no longer shows, so a page may be short and still have more.',
    'Followers who asked not to be shown to logged-out viewers are left out (meta.warnings says how many); the followers of such an account are an empty result with meta.reason author_opted_out.',
    'A missing account is an empty result (meta.reason not_found), never charged; an account without followers is an empty result (meta.reason no_results).',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: HANDLE_FORMS }),
  returns: { kind: 'list', type: 'Creator' },
  normaliseParams: canonicalActor,
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const answer = await getXrpc(ctx, 'app.bsky.graph.getFollowers', { actor: input.handle, limit: input.limit, cursor: input.cursor });
    if (answer.kind === 'empty') return emptyList(answer);
    const body = parseShape(followersPageSchema, answer.body, 'getFollowers');
    if (isOptedOut(body.subject)) return optedOutList(answer.url);
    return creatorsResult(body.followers, answer, body.cursor, ctx.fetchedAt);
  },
});
