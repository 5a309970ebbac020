import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { SingleResult } from '../../../catalogue/results.js';
import { invalidParam, schemaDrift } from '../../../errors.js';
import { RPC_METHODS } from '../constants.js';
import { advertiserId, creativeId, creativeOfUrl } from '../input/refs.js';
import type { Ad } from '../model.js';
import { adFromLookup } from '../normalise/ad.js';
import { objectAt } from '../normalise/values.js';
import { callRpc } from '../upstream/rpc.js';
import { definedOnly } from './defined-only.js';
import { advertiserIdParam } from './params.js';

const params = z.object({
  url: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe("the ad's page, https://adstransparency.google.com/advertiser/AR…/creative/CR… (any query); or pass both ids"),
  advertiser_id: advertiserIdParam,
  creative_id: z.string().min(1).max(64).optional().describe('the creative id, CR followed by digits (with advertiser_id)'),
});
type Params = z.output<typeof params>;

/** The ids of the ad, from its URL or given; the URL form and the id form are one question (one cache entry). */
function canonicalAd(input: Params): Params {
  const ids = input.advertiser_id !== undefined || input.creative_id !== undefined;
  if ((input.url !== undefined) === ids) {
    throw invalidParam(input.url === undefined ? 'url' : 'advertiser_id', 'Pass either url, or both advertiser_id and creative_id.');
  }
  if (input.url !== undefined) {
    const fromUrl = creativeOfUrl(input.url);
    return { advertiser_id: fromUrl.advertiserId, creative_id: fromUrl.creativeId };
  }
  if (input.advertiser_id === undefined) throw invalidParam('advertiser_id', 'advertiser_id: required with creative_id.');
  if (input.creative_id === undefined) throw invalidParam('creative_id', 'creative_id: required with advertiser_id.');
  return definedOnly({ advertiser_id: advertiserId(input.advertiser_id), creative_id: creativeId(input.creative_id) });
}

/** GET /v1/ads/ad */
export const adsAdEndpoint = defineEndpoint({
  path: '/v1/ads/ad',
  summary: 'One ad with its variants and the regions it was shown in (Google Ads Transparency Center)',
  description: [
    'Returns data: Ad with variants (image and script previews, passed on and never fetched by the gateway), regions (ISO codes)',
    'and regionIds (the platform geo ids). The platform does not give its first-shown time, domain or days shown here (null).',
    'An unknown ad is an empty result (data null, meta.reason not_found), never charged. Costs 2 credits per live answer.',
  ].join(' '),
  params,
  flags: endpointFlags({
    creditCost: 2,
    subscribable: true,
    parameterConstraints: 'pass either url or both advertiser_id and creative_id',
  }),
  returns: { kind: 'single', type: 'Ad' },
  normaliseParams: canonicalAd,
  async fetch(input, ctx): Promise<SingleResult<Ad>> {
    const method = RPC_METHODS.creativeById;
    const request = { '1': input.advertiser_id, '2': input.creative_id, '5': { '1': 1 } };
    const answer = await callRpc(ctx, method, request, { knownKeys: ['1'] });
    const raw = { via: 'rpc', method, request, payload: answer.body };
    if (answer.kind === 'empty') return { data: null, raw, emptyReason: 'not_found' };
    const creative = objectAt(answer.body, '1');
    const ad = creative === null ? null : adFromLookup(creative, ctx.fetchedAt);
    if (ad === null) throw schemaDrift("The platform's ad could not be read (no creative object with its ids).", { key: '1' });
    return { data: ad, raw };
  },
});
