import type { RefetchDeclaration } from '../../catalogue/family.js';
import { ADS_PLATFORM } from './constants.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** An ad is fetched again by `AR…/CR…` (its advertiser's id and its own: the platform looks an ad up by both). */
export const adsRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'Ad',
    platform: ADS_PLATFORM,
    key: (ad) => {
      const advertiserId = text(ad.advertiserId);
      const creativeId = text(ad.id);
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
