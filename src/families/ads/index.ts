import { defineFamily } from '../../catalogue/family.js';
import { ADS_HOSTS } from './constants.js';
import { adsAdEndpoint } from './endpoints/ad.js';
import { adsAdvertiserAdsEndpoint } from './endpoints/advertiser-ads.js';
import { adsAdvertisersSearchEndpoint } from './endpoints/advertisers-search.js';
import { adsEdges } from './graph.js';
import { adSchema } from './model.js';
import { adsRefetch } from './refetch.js';
import { readThrottle } from './upstream/throttle.js';
import { adsUrlForms } from './url-forms.js';

export { adSchema, type Ad } from './model.js';

/**
 * The advertising-library family: Google's Ads Transparency Center, read logged out through the
 * RPC its own page calls (POST, numeric-keyed JSON). Which ads an advertiser or a domain runs,
 * where and since when. The platform publishes no limit and throttles per address; an optional
 * proxy spreads the load.
 */
export const adsFamily = defineFamily({
  name: 'ads',
  hosts: ADS_HOSTS,
  readBudget: readThrottle,
  resources: [adSchema],
  endpoints: [adsAdvertiserAdsEndpoint, adsAdEndpoint, adsAdvertisersSearchEndpoint],
  urlForms: adsUrlForms,
  edges: adsEdges,
  refetch: adsRefetch,
  demo: async () => (await import('./demo/world.js')).adsDemo,
});
