import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { parseUsernameRef } from '../input/name-ref.js';
import { karmaOf, userToCreator } from '../normalise/creator.js';
import { userDataSchema } from '../schemas/about.js';
import { thingSchema } from '../schemas/listing.js';
import { userAboutUrl } from '../upstream/reddit-urls.js';
import { isRefusal, readRefusal, REFUSAL_STATUSES } from '../upstream/refusals.js';
import { canonicalUser } from './canonical.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({
  username: z.string().min(1).max(2048).describe('account name, name with u/ prefix, or profile URL'),
});

/** GET /v1/forum/user */
export const forumUserEndpoint = defineEndpoint({
  path: '/v1/forum/user',
  summary: "An account's public profile, with karma under raw.karma",
  description: [
    "Returns one Creator for the account: handle is the account name, displayName and bio come from the profile (null when unset), avatarUrl is the profile icon, followerCount the profile's followers, verified Reddit's verified flag, createdAt the account creation date.",
    'Karma (link, comment, total, awarder, awardee where present) is under raw.karma because the unified schema has no karma field.',
    'Missing accounts (not_found) and suspended accounts (suspended) are empty results, never charged.',
  ].join(' '),
  params,
  raw: z.object({
    karma: z
      .object({ link: z.number(), comment: z.number(), total: z.number(), awarder: z.number(), awardee: z.number() })
      .partial()
      .describe('karma figures, each where the platform gives it'),
  }),
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Creator' },
  normaliseParams: canonicalUser,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const url = userAboutUrl(parseUsernameRef(input.username, 'username'));
    const response = await ctx.upstream.fetch({ url, passStatuses: REFUSAL_STATUSES });
    if (isRefusal(response)) {
      const refusal = readRefusal(response);
      return { data: null, raw: { via: 'json', url, payload: refusal.payload }, emptyReason: refusal.reason };
    }
    const payload = parseJsonBody(response, 'account about');
    const thing = parseShape(thingSchema, payload, 'account about');
    if (thing.kind !== 't2') throw schemaDrift('The account about answer was not an account (t2).', { kind: thing.kind });
    const user = parseShape(userDataSchema, thing.data, 'account about');
    if (user.is_suspended === true)
      return { data: null, raw: { via: 'json', url, payload, karma: karmaOf(user) }, emptyReason: 'suspended' };
    const id = user.id;
    if (typeof id !== 'string') throw schemaDrift('The account about answer has no account id.');
    return { data: userToCreator({ ...user, id }, ctx.fetchedAt), raw: { via: 'json', url, payload, karma: karmaOf(user) } };
  },
});
