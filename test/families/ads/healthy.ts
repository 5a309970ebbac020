import type { FakeReply, RecordedRequest } from '../../support/fake-upstream-server.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';
import {
  ADVERTISER,
  creativeIdOf,
  lookupAnswer,
  searchCreative,
  searchPage,
  suggestionsAnswer,
} from '../../../src/families/ads/demo/bodies.js';
import { fReqOf } from './bodies.js';

const RPC_HOST = 'adstransparency.google.com';
const RPC_PATH = /^\/anji\/_\/rpc\/(SearchService\/SearchCreatives|LookupService\/GetCreativeById|SearchService\/SearchSuggestions)$/;

const json = (body: object): FakeReply => ({ body, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** A healthy answer to any RPC call of the family, shaped by the method and the question in its body. */
function healthyAnswer(request: RecordedRequest, url: URL): FakeReply | undefined {
  const method = request.host === RPC_HOST && request.method === 'POST' ? RPC_PATH.exec(url.pathname)?.[1] : undefined;
  if (method === undefined) return undefined;
  const question = fReqOf(request.body) ?? {};
  if (method === 'LookupService/GetCreativeById') {
    const n = Number(String(question['2'] ?? 'CR1').slice(2)) || 1;
    return json(lookupAnswer(n, { advertiser: String(question['1'] ?? ADVERTISER) }));
  }
  if (method === 'SearchService/SearchSuggestions') return json(suggestionsAnswer());
  const domain: string | undefined = question['3']?.['12']?.['1'];
  const advertiser: string | undefined = question['3']?.['13']?.['1']?.[0];
  const creatives = [1, 2, 3].map((n) => searchCreative(n, { advertiser, domain }));
  return json(searchPage(creatives, null));
}

export const healthy: HealthyFamily = {
  route: healthyAnswer,
  scenarios: {
    '/v1/ads/advertiser/ads': (variant) => ({ domain: `healthy${variant}.example` }),
    '/v1/ads/ad': (variant) => ({ advertiser_id: ADVERTISER, creative_id: creativeIdOf(variant + 1) }),
    '/v1/ads/advertisers/search': (variant) => ({ query: `healthy ${variant}` }),
  },
  pages: [`https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(7)}?region=anywhere`],
  // The family's contract: HTML where the RPC's JSON was expected is a block page, not drift.
  faultExpectations: { 'HTML where JSON was expected': { status: 502, code: 'upstream_blocked' } },
};
