import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam, schemaDrift } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { RPC_METHODS, SUGGESTION_COUNT } from '../constants.js';
import { advertiserFromSuggestion } from '../normalise/advertiser.js';
import { asObject, objectAt, textAt } from '../normalise/values.js';
import { callRpc } from '../upstream/rpc.js';

const params = z.object({
  query: z.string().min(1).max(200).describe('words of an advertiser name (the site suggests advertisers and domains as you type)'),
});

function canonicalQuery(input: z.output<typeof params>) {
  const query = input.query.trim().replace(/\s+/g, ' ');
  if (query === '') throw invalidParam('query', 'query must not be blank.');
  return { query };
}

/** GET /v1/ads/advertisers/search */
export const adsAdvertisersSearchEndpoint = defineEndpoint({
  path: '/v1/ads/advertisers/search',
  summary: 'Advertisers whose name matches words (Google Ads Transparency Center suggestions)',
  description: [
    `Returns data.items: Creator[] (advertisers, up to ${SUGGESTION_COUNT}): id is the advertiser id to pass to /v1/ads/advertiser/ads,`,
    'location the country the platform lists, postCount the number of ads when the platform gives an exact count (raw.items[].adCount',
    'holds its range). Suggested domains are in raw.domains. Nothing found is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Creator', maxItems: SUGGESTION_COUNT },
  raw: z.object({
    items: z.array(z.looseObject({})).describe('per advertiser: what the platform lists, with adCount as its range'),
    domains: z.array(z.string()).describe('the domains the platform suggests'),
  }),
  normaliseParams: canonicalQuery,
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const method = RPC_METHODS.suggestions;
    const request = { '1': input.query, '2': SUGGESTION_COUNT, '3': SUGGESTION_COUNT };
    const answer = await callRpc(ctx, method, request, { knownKeys: ['1', '3'], emptyKeys: ['3'] });
    const entries = answer.body['1'] ?? [];
    if (!Array.isArray(entries)) throw schemaDrift("The platform's suggestions are not a list.", { key: '1' });
    const suggested = entries.flatMap((entry) => {
      const advertiser = objectAt(entry, '1');
      return advertiser === null ? [] : [advertiserFromSuggestion(advertiser, ctx.fetchedAt)].filter((each) => each !== null);
    });
    const domains = entries.map((entry) => textAt(objectAt(entry, '2'), '1')).filter((each): each is string => each !== null);
    const raw = {
      via: 'rpc',
      method,
      request,
      items: suggested.map(({ creator, adCount }) => ({ id: creator.id, adCount })),
      domains,
      payload: asObject(answer.body),
    };
    return {
      items: suggested.map(({ creator }) => creator).slice(0, SUGGESTION_COUNT),
      pagination: { cursor: null, hasMore: false },
      raw,
      ...(suggested.length === 0 ? { emptyReason: 'no_results' } : {}),
    };
  },
});
