import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { parseLogin } from '../input/refs.js';
import { accountExtras, accountToCreator } from '../normalise/creator.js';
import { accountSchema } from '../schemas/account.js';
import { emptySingle } from '../upstream/answers.js';
import { apiUrl, getApi } from '../upstream/github.js';
import { canonicalUser, username } from './params.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

const params = z.object({ username });

/** GET /v1/code/user */
export const codeUserEndpoint = defineEndpoint({
  path: '/v1/code/user',
  summary: "A GitHub account's public profile: a person, an organisation or an app's bot",
  description: [
    'Returns one Creator: handle is the login, displayName the profile name, followerCount and followingCount the profile counts, postCount the public repositories.',
    'An organisation has isBusiness true and category "Organization"; an app\'s account has category "Bot"; a person has isBusiness false and no category.',
    'Empty profile fields (the platform sends "" for some) are null. raw adds the account type, company and public gist count.',
    'A missing account is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true }),
  returns: { kind: 'single', type: 'Creator' },
  normaliseParams: canonicalUser,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const url = apiUrl(`/users/${encodeURIComponent(parseLogin(input.username))}`);
    const answer = await getApi(ctx, url);
    if (answer.kind === 'empty') return emptySingle(url, answer);
    const payload = parseJsonBody(answer.response, 'account');
    const account = parseShape(accountSchema, payload, 'account');
    return { data: accountToCreator(account, ctx.fetchedAt), raw: { via: 'api', url, ...accountExtras(account), payload } };
  },
});
