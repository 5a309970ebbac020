import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import {
  ADVERTISER,
  creativeIdOf,
  DOMAIN,
  ERROR_OBJECT,
  fReqOf,
  lookupAnswer,
  OTHER_ADVERTISER,
  searchCreative,
  searchPage,
  suggestionsAnswer,
} from './bodies.js';

/**
 * The fake platform of the end-to-end tests, answering by the question in the body:
 * DOMAIN has two pages (2 ads, then 1); each test advertiser has its own ads; `quiet.example`
 * and an unknown creative find nothing; `broken.example` gets the error object and
 * `throttled.example` the redirect to the CAPTCHA page.
 */
export const PAGE_TWO_TOKEN = 'Cg+/page2==';
export const UNKNOWN_CREATIVE = creativeIdOf(999);
export const SORRY_LOCATION = 'https://www.google.com/sorry/index?continue=https://adstransparency.google.com/anji&q=EgQ';

const json = (body: object, status = 200): FakeReply => ({ status, body, headers: { 'content-type': 'application/json; charset=utf-8' } });

export const adsPlatform: FakeRoute = (request, url) => {
  if (request.host !== 'adstransparency.google.com' || request.method !== 'POST') return undefined;
  const question = fReqOf(request.body) ?? {};
  if (url.pathname.endsWith('/SearchSuggestions')) return json(suggestionsAnswer());
  if (url.pathname.endsWith('/GetCreativeById')) {
    return question['2'] === UNKNOWN_CREATIVE
      ? json({})
      : json(lookupAnswer(Number(String(question['2']).slice(2)), { advertiser: question['1'] }));
  }
  const domain: string | undefined = question['3']?.['12']?.['1'];
  const advertiser: string | undefined = question['3']?.['13']?.['1']?.[0];
  if (domain === 'quiet.example') return json({});
  if (domain === 'broken.example') return json(ERROR_OBJECT, 400);
  if (domain === 'throttled.example') return { status: 302, headers: { location: SORRY_LOCATION }, body: '<HTML>302 Moved</HTML>' };
  if (domain === DOMAIN) {
    return question['4'] === PAGE_TWO_TOKEN
      ? json(searchPage([searchCreative(3, { domain })], null, 3))
      : json(searchPage([searchCreative(1, { domain }), searchCreative(2, { domain })], PAGE_TWO_TOKEN, 3));
  }
  if (advertiser === ADVERTISER) return json(searchPage([searchCreative(11), searchCreative(12)], null));
  if (advertiser === OTHER_ADVERTISER)
    return json(
      searchPage(
        [21, 22, 23].map((n) => searchCreative(n, { advertiser })),
        null,
      ),
    );
  return json({});
};
