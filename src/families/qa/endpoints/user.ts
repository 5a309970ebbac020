import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { ID_OR_URL, checkedId, numericId, oneOf, pageOfKinds, pageUrl, site, siteOf } from '../input/params.js';
import { userExtras, userToCreator } from '../normalise/user.js';
import { apiUrl, getApi } from '../upstream/api.js';

export const userParams = {
  site,
  id: numericId('user', '22656'),
  url: pageUrl('user page', 'https://stackoverflow.com/users/22656'),
};

/** One of id and url, canonical: the user's id on the URL's site. */
export function canonicalUser<T extends { site?: string | undefined; id?: string | undefined; url?: string | undefined }>(input: T): T {
  if (oneOf(input) === 'id') return { ...input, site: siteOf(input.site, null), id: checkedId(input.id!) };
  const page = pageOfKinds(input.url!, ['user'], 'a user page (/users/{id})');
  return { ...input, site: siteOf(input.site, page), id: page.id, url: undefined };
}

/** GET /v1/qa/user */
export const qaUserEndpoint = defineEndpoint({
  path: '/v1/qa/user',
  summary: "A Stack Exchange user's public profile on one site",
  description: [
    'Returns one Creator: id is {site}:{user_id} (user ids differ per site), displayName and location decoded, externalLinks the website, category the user_type (registered, moderator ...), createdAt the sign-up time.',
    'raw.reputation, raw.badgeCounts {gold, silver, bronze}, raw.accountId (the network-wide account) and raw.site.',
    'A missing user is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params: z.object(userParams),
  flags: endpointFlags({ subscribable: true, parameterConstraints: ID_OR_URL }),
  returns: { kind: 'single', type: 'Creator' },
  raw: z.object({
    site: z.string().describe('the API site'),
    reputation: z.number().nullable().describe("the user's reputation on the site"),
    badgeCounts: z.looseObject({}).nullable().describe('gold, silver and bronze badges'),
    accountId: z.number().nullable().describe('the network-wide account id'),
  }),
  normaliseParams: canonicalUser,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const site = input.site!;
    const url = apiUrl(`/users/${input.id!}`, { site });
    const answer = await getApi(ctx, url);
    const user = answer.items[0];
    if (user === undefined || typeof user.user_id !== 'number') return { data: null, raw: { site, url }, emptyReason: 'not_found' };
    return { data: userToCreator(site, user, ctx.fetchedAt), raw: { ...userExtras(site, user), url, payload: user } };
  },
});
