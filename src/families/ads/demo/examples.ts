import type { DemoExample } from '../../../catalogue/demo-world.js';
import { creativePageUrl } from '../constants.js';
import { ADVERTISER, creativeIdOf, DOMAIN } from './bodies.js';

/** One example per ads endpoint, answered by the demo world (`npm run demo` prints them). */

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const ADS_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/ads/advertiser/ads',
    what: 'the ads a domain runs, with a cursor to the next page',
    path: `/v1/ads/advertiser/ads?${query({ domain: DOMAIN })}`,
  },
  {
    endpoint: '/v1/ads/ad',
    what: 'one ad from its creative page URL: its variants and the regions it ran in',
    path: `/v1/ads/ad?${query({ url: creativePageUrl(ADVERTISER, creativeIdOf(2)) })}`,
  },
  {
    endpoint: '/v1/ads/advertisers/search',
    what: 'advertisers whose name matches, with their ad counts',
    path: `/v1/ads/advertisers/search?${query({ query: 'copperfield' })}`,
  },
];
