import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { ADS_PLATFORM, ADVERTISER_ID, PAGE } from './constants.js';
import { advertiserCreator } from './normalise/advertiser.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The ads graph beyond REST: an ad's advertiser (built from the ad itself, no request) and an
 * advertiser's ads (the first page of /v1/ads/advertiser/ads, billed like it: 2 credits a live
 * non-empty page).
 */
export function adsEdges(kit: EdgeKit): EdgeDefinition[] {
  const advertiserAds = kit.endpoint('/v1/ads/advertiser/ads');
  return [
    {
      on: 'Ad',
      field: 'advertiser',
      platform: ADS_PLATFORM,
      returns: { kind: 'single', type: 'Creator' },
      upstreamCost: { fetches: 0 },
      description: "The ad's advertiser as the ad names it (id, name and page; no request, no credit).",
      key: (ad) => {
        const id = text(ad.advertiserId);
        return id === null ? null : JSON.stringify([id, text(ad.advertiserName), text(ad.fetchedAt)]);
      },
      load: async (keys) =>
        keys.map((key) => {
          const [id, name, fetchedAt] = JSON.parse(key) as [string, string | null, string | null];
          return advertiserCreator(id, name, fetchedAt ?? new Date().toISOString()) as Resource;
        }),
    },
    {
      on: 'Creator',
      field: 'ads',
      platform: ADS_PLATFORM,
      returns: { kind: 'list', type: 'Ad' },
      limit: PAGE,
      upstreamCost: { fetches: 1, page: { argument: 'limit', ...PAGE } },
      description:
        "The advertiser's ads, recently shown first, anywhere and in every format (2 credits a live non-empty page, through /v1/ads/advertiser/ads with `limit`).",
      key: (advertiser, { limit }) => {
        const id = text(advertiser.id);
        return id !== null && ADVERTISER_ID.test(id) ? `${id}|${limit ?? PAGE.default}` : null;
      },
      load: kit.loadLists(advertiserAds, (key) => {
        const [id, limit] = key.split('|');
        return { advertiser_id: id, limit: Number(limit) };
      }),
    },
  ];
}
