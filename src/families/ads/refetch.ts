import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { ADS_PLATFORM } from './constants.js';

/** An ad is fetched again by `AR…/CR…` (its advertiser's id and its own: the platform looks an ad up by both). */
export const adsRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Ad',
    platform: ADS_PLATFORM,
    key: (ad) => {
      const advertiserId = textOf(ad.advertiserId);
      const creativeId = textOf(ad.id);
      return advertiserId === null || creativeId === null ? null : `${advertiserId}/${creativeId}`;
    },
    fetch: (key) => {
      const [advertiserId, creativeId, ...rest] = key.split('/');
      return advertiserId && creativeId && rest.length === 0
        ? { endpoint: '/v1/ads/ad', params: { advertiser_id: advertiserId, creative_id: creativeId } }
        : null;
    },
  },
];
