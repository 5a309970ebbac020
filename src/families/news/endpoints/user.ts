import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { userToCreator } from '../normalise/creator.js';
import { getUser, userUrl } from '../upstream/firebase.js';
import { canonicalUser, username } from './params.js';

const params = z.object({ username });

/** GET /v1/news/user */
export const newsUserEndpoint = defineEndpoint({
  path: '/v1/news/user',
  summary: "A Hacker News user's public profile",
  description: [
    "Returns one Creator: id and handle are the username exactly as registered (case-sensitive: pg is not PG), bio the plain text of the profile's about, externalLinks the links in it, createdAt the sign-up time, postCount every submission (stories, comments and polls).",
    'raw.karma is the karma; raw.submitted the submitted ids, newest first.',
    'A missing user is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({
    karma: z.number().nullable().describe("the user's karma"),
    submitted: z.array(z.number()).describe('the submitted item ids, newest first'),
  }),
  normaliseParams: canonicalUser,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const url = userUrl(input.username);
    const { user, payload } = await getUser(ctx, input.username);
    if (user === null) return { data: null, raw: { via: 'firebase', url, payload }, emptyReason: 'not_found' };
    return {
      data: userToCreator(user, ctx.fetchedAt),
      raw: { via: 'firebase', url, karma: user.karma ?? null, submitted: user.submitted, payload },
    };
  },
});
