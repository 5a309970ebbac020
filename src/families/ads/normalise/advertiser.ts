import type { Creator } from '../../../model/content.js';
import { makeCreator } from '../../../model/make.js';
import { ADS_PLATFORM, ADVERTISER_ID, advertiserPageUrl } from '../constants.js';
import type { RpcObject } from '../upstream/rpc.js';
import { objectAt, rangeOf, textAt } from './values.js';

/** An advertiser suggestion as a Creator, with the platform's ad-count range kept for `raw`. */
export interface SuggestedAdvertiser {
  creator: Creator;
  adCount: { min: number; max: number } | null;
}

/** `{"1": name, "2": AR id, "3": ISO country, "4": {"2": {"1": min, "2": max}}}`; null without a valid id. */
export function advertiserFromSuggestion(entry: RpcObject, fetchedAt: string): SuggestedAdvertiser | null {
  const id = textAt(entry, '2');
  if (id === null || !ADVERTISER_ID.test(id)) return null;
  const adCount = rangeOf(objectAt(objectAt(entry, '4'), '2'), '1', '2');
  const country = textAt(entry, '3');
  return {
    adCount,
    creator: {
      ...advertiserCreator(id, textAt(entry, '1'), fetchedAt),
      // The platform gives a range; only an exact count is a count.
      postCount: adCount !== null && adCount.min === adCount.max ? adCount.min : null,
      location: country !== null && /^[A-Z]{2}$/.test(country) ? country : null,
    },
  };
}

/** An advertiser from what is known of it (an ad names its advertiser): every figure the platform did not give is null. */
export function advertiserCreator(id: string, name: string | null, fetchedAt: string): Creator {
  return makeCreator({
    platform: ADS_PLATFORM,
    id,
    displayName: name,
    url: advertiserPageUrl(id),
    fetchedAt,
  });
}
