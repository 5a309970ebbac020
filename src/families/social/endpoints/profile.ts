import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { profileToCreator } from '../normalise/creator.js';
import { isOptedOut, withoutOptedOut } from '../normalise/opt-out.js';
import { profileViewSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { emptySingle, optedOutSingle, parseShape } from './pages.js';
import { canonicalActor, handle, HANDLE_FORMS } from './params.js';

const params = z.object({ handle });

/** GET /v1/social/profile */
export const socialProfileEndpoint = defineEndpoint({
  path: '/v1/social/profile',
  summary: "A Bluesky account's public profile",
  description: [
    'Returns one Creator: id is the DID, handle the current handle, followerCount, followingCount and postCount the profile counts, verified true when the platform marks the account verified.',
    'raw.pinnedPost is the at:// URI of the pinned post, or null.',
    'A missing account is an empty result (meta.reason not_found; account_deactivated, account_taken_down or blocked when the platform says so), never charged.',
    'An account that asked apps not to show it to logged-out viewers (the !no-unauthenticated self-label) is an empty result with meta.reason author_opted_out.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: HANDLE_FORMS }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({ pinnedPost: z.string().nullable().describe('the at:// URI of the pinned post, or null') }),
  normaliseParams: canonicalActor,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const answer = await getXrpc(ctx, 'app.bsky.actor.getProfile', { actor: input.handle });
    if (answer.kind === 'empty') return emptySingle(answer);
    const view = parseShape(profileViewSchema, answer.body, 'getProfile');
    if (isOptedOut(view)) return optedOutSingle(answer.url);
    return {
      data: profileToCreator(view, ctx.fetchedAt),
      raw: { via: 'xrpc', url: answer.url, pinnedPost: view.pinnedPost?.uri ?? null, payload: withoutOptedOut(answer.body) },
    };
  },
});
