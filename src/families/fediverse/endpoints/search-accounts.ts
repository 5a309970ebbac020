import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Creator } from '../../../model/content.js';
import { invalidParam } from '../../../errors.js';
import { allWithheld, withheldNotice } from '../../../catalogue/withheld.js';
import { NOT_DISCOVERABLE_REASON, OPTED_OUT_REASON } from '../constants.js';
import { isOptedOut, isUndiscoverable } from '../normalise/consent.js';
import { accountToCreator } from '../normalise/creator.js';
import { accountSchema, searchSchema } from '../schemas/mastodon.js';
import { getApi } from '../upstream/api.js';
import { canonicalInstance, instance, INSTANCE_FORMS, pageLimit } from './params.js';
import { emptyList, parseShape } from './results.js';

const params = z.object({
  instance,
  query: z.string().min(1).max(200).describe('words of the name or handle'),
  limit: pageLimit,
});

function canonicalSearch<T extends { instance: string; query: string }>(input: T): T {
  const query = input.query.trim().replace(/\s+/g, ' ');
  if (query === '') throw invalidParam('query', 'query must not be blank.');
  return { ...canonicalInstance(input), query };
}

/** GET /v1/fediverse/search/accounts */
export const fediverseSearchAccountsEndpoint = defineEndpoint({
  path: '/v1/fediverse/search/accounts',
  summary: 'Accounts an instance finds by name, logged out',
  description: [
    'Returns data.items: Creator[] in the order the instance ranks them (accounts it knows; logged out, it looks nothing up elsewhere). There is no cursor.',
    'Accounts that opted out of indexing (noindex) or of being suggested (discoverable false) are left out, counted in meta.warnings.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false, parameterConstraints: INSTANCE_FORMS }),
  returns: { kind: 'list', type: 'Creator' },
  normaliseParams: canonicalSearch,
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const answer = await getApi(ctx, { host: input.instance, param: 'instance' }, '/api/v2/search', {
      q: input.query,
      type: 'accounts',
      resolve: false,
      limit: input.limit,
    });
    if (answer.kind === 'empty') return emptyList(answer);
    const accounts = parseShape(searchSchema, answer.body, 'search').accounts;
    const kept: Creator[] = [];
    let optedOut = 0;
    let undiscoverable = 0;
    for (const value of accounts) {
      const account = parseShape(accountSchema, value, 'search account');
      if (isOptedOut(account)) optedOut += 1;
      else if (isUndiscoverable(account)) undiscoverable += 1;
      else kept.push(accountToCreator(account, input.instance, ctx.fetchedAt));
    }
    return {
      items: kept,
      pagination: { cursor: null, hasMore: false },
      raw: { via: 'api', url: answer.url, accounts: kept.map((each) => each.id) },
      notices: [
        ...withheldNotice(optedOut, 'account', OPTED_OUT_REASON),
        ...withheldNotice(undiscoverable, 'account', NOT_DISCOVERABLE_REASON),
      ],
      ...(kept.length === 0 && optedOut > 0 ? allWithheld(0, optedOut, OPTED_OUT_REASON) : {}),
    };
  },
});
