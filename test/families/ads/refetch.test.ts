import { describe } from 'vitest';
import { itRefetches } from '../../support/refetch-cases.js';

/** The ads family's refetch declaration: an ad, found again by its advertiser's id and its own. */
describe('ads refetch declarations', () => {
  itRefetches([
    {
      type: 'Ad',
      resource: { platform: 'google_ads', id: 'CR10293847561029384756', advertiserId: 'AR04729381560274918401' },
      endpoint: '/v1/ads/ad',
      params: { advertiser_id: 'AR04729381560274918401', creative_id: 'CR10293847561029384756' },
    },
  ]);
});
