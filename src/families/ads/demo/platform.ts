import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { ADS_HOSTS } from '../constants.js';
import {
  ADVERTISER,
  creativeIdOf,
  DOMAIN,
  ERROR_OBJECT,
  fieldAt,
  lookupAnswer,
  OTHER_ADVERTISER,
  questionOf,
  searchCreative,
  searchPage,
  suggestionsAnswer,
} from './bodies.js';

/**
 * The demo's synthetic Ads Transparency Center RPC, also the end-to-end tests' fake, answering by
 * the question in the body: DOMAIN has two pages (2 ads, then 1); each synthetic advertiser has
 * its own ads; `quiet.example` and an unknown creative find nothing; `broken.example` gets the
 * error object and `throttled.example` the redirect to the CAPTCHA page.
 */
export const PAGE_TWO_TOKEN = 'Cg+/page2==';
export const UNKNOWN_CREATIVE = creativeIdOf(999);
export const SORRY_LOCATION = 'https://www.google.com/sorry/index?continue=https://adstransparency.google.com/anji&q=EgQ';

const json = (body: object, status = 200): FakeReply => ({ status, body, headers: { 'content-type': 'application/json; charset=utf-8' } });
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const adsPlatform: FakeRoute = (request, url) => {
  if (!ADS_HOSTS.some((host) => host === request.host) || request.method !== 'POST') return undefined;
  const question = questionOf(request.body);
  if (url.pathname.endsWith('/SearchSuggestions')) return json(suggestionsAnswer());
  if (url.pathname.endsWith('/GetCreativeById')) {
    const creative = text(fieldAt(question, '2')) ?? '';
    return creative === UNKNOWN_CREATIVE
      ? json({})
      : json(lookupAnswer(Number(creative.slice(2)), { advertiser: text(fieldAt(question, '1')) }));
  }
  const domain = text(fieldAt(question, '3', '12', '1'));
  const advertiser = text(fieldAt(question, '3', '13', '1', 0));
  if (domain === 'quiet.example') return json({});
  if (domain === 'broken.example') return json(ERROR_OBJECT, 400);
  if (domain === 'throttled.example') return { status: 302, headers: { location: SORRY_LOCATION }, body: '<HTML>302 Moved</HTML>' };
  if (domain === DOMAIN) {
    return fieldAt(question, '4') === PAGE_TWO_TOKEN
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
