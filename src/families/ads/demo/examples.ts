import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { creativePageUrl } from '../constants.js';
import { ADVERTISER, creativeIdOf, DOMAIN } from './bodies.js';

/** One example per ads endpoint, answered by the demo world (`npm run demo` prints them). */

export const ADS_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/ads/advertiser/ads', 'the ads a domain runs, with a cursor to the next page', { domain: DOMAIN }),
  demoExample('/v1/ads/ad', 'one ad from its creative page URL: its variants and the regions it ran in', {
    url: creativePageUrl(ADVERTISER, creativeIdOf(2)),
  }),
  demoExample('/v1/ads/advertisers/search', 'advertisers whose name matches, with their ad counts', { query: 'copperfield' }),
];
