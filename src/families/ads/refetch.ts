import type { RefetchDeclaration } from '../../catalogue/family.js';
import { refetchByFields } from '../../catalogue/standard-refetch.js';
import { ADS_PLATFORM } from './constants.js';

/** An ad is fetched again by `AR…/CR…` (its advertiser's id and its own: the platform looks an ad up by both). */
export const adsRefetch: readonly RefetchDeclaration[] = [
  refetchByFields('Ad', ADS_PLATFORM, ['advertiserId', 'id'], { endpoint: '/v1/ads/ad', params: ['advertiser_id', 'creative_id'] }),
];
