import { ADS_PLATFORM, ADVERTISER_ID, CREATIVE_ID, creativePageUrl } from '../constants.js';
import { regionOfGeoId } from '../input/regions.js';
import type { Ad, AdFormat } from '../model.js';
import type { RpcObject } from '../upstream/rpc.js';
import { previewOf } from './preview.js';
import { asObject, listAt, objectAt, textAt, timeAt, wholeAt } from './values.js';

/**
 * The platform's creatives as Ads. The format comes from the platform's code, never from the
 * preview: text ads are archived as rendered images, and image ads often carry script previews.
 */
const FORMAT_CODES: Readonly<Record<number, AdFormat>> = { 1: 'text', 2: 'image', 3: 'video' };
const formatOf = (code: number | null): AdFormat => (code === null ? 'unknown' : (FORMAT_CODES[code] ?? 'unknown'));

/** The two ids every ad has; null when the creative lacks them (it is then left out, with a warning). */
function idsOf(creative: RpcObject): { advertiserId: string; creativeId: string } | null {
  const advertiserId = textAt(creative, '1');
  const creativeId = textAt(creative, '2');
  if (advertiserId === null || creativeId === null || !ADVERTISER_ID.test(advertiserId) || !CREATIVE_ID.test(creativeId)) return null;
  return { advertiserId, creativeId };
}

/** One creative of a search answer: no regions or variants (the search does not give them). */
export function adFromSearch(creative: RpcObject, fetchedAt: string): Ad | null {
  const ids = idsOf(creative);
  if (!ids) return null;
  const preview = previewOf(creative['3']);
  return {
    platform: ADS_PLATFORM,
    id: ids.creativeId,
    advertiserId: ids.advertiserId,
    advertiserName: textAt(creative, '12'),
    domain: textAt(creative, '14'),
    format: formatOf(wholeAt(creative, '4')),
    firstShownAt: timeAt(creative, '6'),
    lastShownAt: timeAt(creative, '7'),
    daysShown: wholeAt(creative, '13'),
    regions: [],
    regionIds: [],
    imageUrl: preview.imageUrl,
    previewUrl: preview.previewUrl,
    variantCount: null,
    variants: [],
    url: creativePageUrl(ids.advertiserId, ids.creativeId),
    fetchedAt,
  };
}

/** The creative of a lookup answer: regions and variants, but no first-shown time, domain or days shown. */
export function adFromLookup(creative: RpcObject, fetchedAt: string): Ad | null {
  const ids = idsOf(creative);
  if (!ids) return null;
  const variants = listAt(creative, '5').map(previewOf);
  const regionIds = listAt(creative, '17')
    .map((entry) => wholeAt(asObject(entry), '1'))
    .filter((id): id is number => id !== null && id <= 2 ** 31 - 1);
  const regions = [...new Set(regionIds.map(regionOfGeoId).filter((code): code is string => code !== null))];
  return {
    platform: ADS_PLATFORM,
    id: ids.creativeId,
    advertiserId: ids.advertiserId,
    advertiserName: textAt(objectAt(creative, '22'), '1'),
    domain: null,
    format: formatOf(wholeAt(creative, '8')),
    firstShownAt: null,
    lastShownAt: timeAt(creative, '4'),
    daysShown: null,
    regions,
    regionIds,
    imageUrl: variants.find((variant) => variant.imageUrl !== null)?.imageUrl ?? null,
    previewUrl: variants.find((variant) => variant.previewUrl !== null)?.previewUrl ?? null,
    variantCount: variants.length,
    variants,
    url: creativePageUrl(ids.advertiserId, ids.creativeId),
    fetchedAt,
  };
}
