import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { accountToCreator } from '../normalise/creator.js';
import { lookupAccount } from './lookup.js';
import { ACCOUNT_FORMS, account, canonicalAccount } from './params.js';
import { emptySingle, reasonedSingle } from './results.js';

const params = z.object({ account });

/** GET /v1/fediverse/account */
export const fediverseAccountEndpoint = defineEndpoint({
  path: '/v1/fediverse/account',
  summary: "A fediverse account's public profile, from a Mastodon-compatible instance",
  description: [
    'Returns one Creator: id and handle are the full acct (user@domain), bio the text of the note, externalLinks the links of the profile fields, category Bot or Group.',
    'A missing account is an empty result (meta.reason not_found; account_suspended when suspended; login_required when the instance refuses logged-out readers), never charged.',
    'An account that opted out of search engine indexing (noindex) is an empty result with meta.reason author_opted_out.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: ACCOUNT_FORMS }),
  returns: { kind: 'single', type: 'Creator' },
  normaliseParams: canonicalAccount,
  async fetch(input, ctx): Promise<SingleResult<Creator>> {
    const found = await lookupAccount(ctx, input.account);
    if (found.kind === 'empty') return emptySingle(found.answer);
    if (found.kind === 'refused') return reasonedSingle(found.url, found.reason);
    return { data: accountToCreator(found.account, found.host, ctx.fetchedAt), raw: { via: 'api', url: found.url, payload: found.body } };
  },
});
