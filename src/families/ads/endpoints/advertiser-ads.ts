import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import { invalidParam, schemaDrift } from '../../../errors.js';
import { RPC_METHODS } from '../constants.js';
import { encodeCursor, pageTokenOf, type AdsQuery } from '../input/cursor.js';
import { advertiserId, canonicalDomain, canonicalRegion, geoIdOf } from '../input/refs.js';
import type { Ad } from '../model.js';
import { adFromSearch } from '../normalise/ad.js';
import { asObject, rangeOf, textAt } from '../normalise/values.js';
import { callRpc, type RpcObject } from '../upstream/rpc.js';
import { advertiserIdParam, cursor, domain, format, limit, region, type AdFormatFilter } from './params.js';
import { definedOnly } from './defined-only.js';

const params = z.object({ domain, advertiser_id: advertiserIdParam, region, format, limit, cursor });
type Params = z.output<typeof params>;

/** The platform's format codes of the `format` filter (absent for all). */
const FORMAT_FILTER_CODES: Readonly<Record<AdFormatFilter, number | null>> = { all: null, text: 1, image: 2, video: 3 };

const queryOf = (input: Params): AdsQuery => ({
  domain: input.domain,
  advertiserId: input.advertiser_id,
  region: input.region,
  format: input.format,
});

/** Exactly one of domain or advertiser_id, each in its one spelling; a cursor only with the query it was made for. */
function canonicalAdsQuery(input: Params): Params {
  if ((input.domain === undefined) === (input.advertiser_id === undefined)) {
    throw invalidParam(
      input.domain === undefined ? 'domain' : 'advertiser_id',
      'Pass either domain or advertiser_id (exactly one of them).',
    );
  }
  const canonical = definedOnly({
    ...input,
    domain: input.domain === undefined ? undefined : canonicalDomain(input.domain),
    advertiser_id: input.advertiser_id === undefined ? undefined : advertiserId(input.advertiser_id),
    region: canonicalRegion(input.region),
  });
  if (canonical.cursor !== undefined) pageTokenOf(canonical.cursor, queryOf(canonical));
  return canonical;
}

/** The SearchCreatives request: page size, filters (domain or advertiser, region, format), the page token. */
function searchRequest(input: Params): RpcObject {
  const query = queryOf(input);
  const filters: Record<string, unknown> = query.domain
    ? { '12': { '1': query.domain, '2': true } }
    : { '13': { '1': [query.advertiserId] } };
  const geoId = geoIdOf(query.region);
  if (geoId !== null) filters['8'] = [geoId];
  const formatCode = FORMAT_FILTER_CODES[input.format];
  if (formatCode !== null) filters['4'] = formatCode;
  const token = input.cursor === undefined ? undefined : pageTokenOf(input.cursor, query);
  return { '2': input.limit, '3': filters, ...(token === undefined ? {} : { '4': token }), '7': { '1': 1 } };
}

/** One page of an advertiser's or a domain's ads, in the order the platform serves them. */
async function fetchAdsPage(input: Params, ctx: FetchContext): Promise<ListResult<Ad>> {
  const request = searchRequest(input);
  const method = RPC_METHODS.searchCreatives;
  const answer = await callRpc(ctx, method, request, { knownKeys: ['1', '2', '4', '5'], emptyKeys: ['2', '4', '5'] });
  const total = rangeOf(answer.body, '4', '5');
  const raw = { via: 'rpc', method, request, total, payload: answer.body };
  const none = emptyListResult('no_results', raw);
  if (answer.kind === 'empty') return none;
  const creatives = answer.body['1'];
  if (creatives !== undefined && !Array.isArray(creatives)) throw schemaDrift("The platform's list of ads is not a list.", { key: '1' });
  const items: Ad[] = [];
  let unreadable = 0;
  for (const creative of creatives ?? []) {
    const ad = adFromSearch(asObject(creative) ?? {}, ctx.fetchedAt);
    if (ad) items.push(ad);
    else unreadable += 1;
  }
  if (items.length === 0 && unreadable > 0) throw schemaDrift("None of the platform's ads could be read (no advertiser or creative id).");
  if (items.length === 0) return none;
  const token = textAt(answer.body, '2');
  return {
    items: items.slice(0, input.limit),
    pagination: { cursor: token === null ? null : encodeCursor(queryOf(input), token), hasMore: token !== null },
    raw,
    ...(unreadable > 0 ? { warnings: [`${unreadable} ad(s) without an advertiser or creative id were left out`] } : {}),
  };
}

/** GET /v1/ads/advertiser/ads */
export const adsAdvertiserAdsEndpoint = defineEndpoint({
  path: '/v1/ads/advertiser/ads',
  summary: 'The ads an advertiser, or a domain, runs (Google Ads Transparency Center)',
  description: [
    'Returns data.items: Ad[] in the order the platform serves them (recently shown first), for exactly one of domain or advertiser_id,',
    'optionally only those shown in one region or of one format. List items carry no regions or variants (GET /v1/ads/ad has them).',
    'pagination.cursor carries the query: pass it back with the same domain or advertiser_id, region and format (limit may change).',
    'Nothing found is an empty result (meta.reason no_results), never charged. Costs 2 credits per live non-empty answer.',
  ].join(' '),
  params,
  flags: endpointFlags({ creditCost: 2, subscribable: true, parameterConstraints: 'pass either domain or advertiser_id' }),
  returns: { kind: 'list', type: 'Ad' },
  normaliseParams: canonicalAdsQuery,
  fetch: fetchAdsPage,
});
