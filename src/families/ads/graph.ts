import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import { fromParent, list, single, textOf, throughPage } from '../../catalogue/standard-edges.js';
import { ADS_PLATFORM, ADVERTISER_ID } from './constants.js';
import { advertiserCreator } from './normalise/advertiser.js';

/**
 * The ads graph beyond REST: an ad's advertiser (built from the ad itself, no request) and an
 * advertiser's ads (the first page of /v1/ads/advertiser/ads, billed like it: 2 credits a live
 * non-empty page).
 */
export function adsEdges(kit: EdgeKit): EdgeDefinition[] {
  return [
    single('Ad', 'advertiser', 'Creator', {
      platform: ADS_PLATFORM,
      description: "The ad's advertiser as the ad names it (id, name and page; no request, no credit).",
      ...fromParent(
        (ad) => {
          const id = textOf(ad.advertiserId);
          return id === null ? null : [id, textOf(ad.advertiserName), textOf(ad.fetchedAt)];
        },
        (id: string, name: string | null, fetchedAt: string | null) => advertiserCreator(id, name, fetchedAt ?? new Date().toISOString()),
      ),
    }),
    list('Creator', 'ads', 'Ad', {
      platform: ADS_PLATFORM,
      description:
        "The advertiser's ads, recently shown first, anywhere and in every format (2 credits a live non-empty page, through /v1/ads/advertiser/ads with `limit`).",
      ...throughPage(kit, kit.endpoint('/v1/ads/advertiser/ads'), {
        keyOf: (advertiser) => {
          const id = textOf(advertiser.id);
          return id !== null && ADVERTISER_ID.test(id) ? id : null;
        },
        params: (id, limit) => ({ advertiser_id: id, limit }),
      }),
    }),
  ];
}
