import pLimit from 'p-limit';
import type { EdgeDefinition, EdgeKit } from '../../catalogue/edge.js';
import type { Resource } from '../../catalogue/resource.js';
import { fieldsOfKey, single } from '../../catalogue/standard-edges.js';
import { REALTY_PLATFORM } from './market.js';
import { parseSearchPath } from './search/search-path.js';

/** At most this many listing pages are fetched at once for one search page (40 results). */
const LISTING_CONCURRENCY = 4;

/** SearchResultItem.listing: the full PropertyListing of a result, with bounded concurrency. */
export function realtyEdges(kit: EdgeKit): EdgeDefinition[] {
  const paramsOf = (key: string) => {
    const [, tld, url] = fieldsOfKey(key);
    return { tld, url };
  };
  const loadForSale = kit.loadSingles(kit.endpoint('/v1/realty/for-sale'), paramsOf);
  const loadForRent = kit.loadSingles(kit.endpoint('/v1/realty/for-rent'), paramsOf);

  /** `["sale","com","https://…"]` or `["rent","ca",…]`: which endpoint, marketplace and page a result's listing needs. */
  const listingKey = (item: Resource): string | null => {
    const search = kit.listedBy(item);
    if (typeof item.url !== 'string' || typeof search?.url !== 'string' || (search.tld !== 'com' && search.tld !== 'ca')) return null;
    const searchPath = URL.parse(search.url)?.pathname;
    const rentals = searchPath ? parseSearchPath(searchPath)?.rentals === true : false;
    return JSON.stringify([rentals ? 'rent' : 'sale', search.tld, item.url]);
  };

  return [
    single('SearchResultItem', 'listing', 'PropertyListing', {
      platform: REALTY_PLATFORM,
      upstreamCost: { fetches: 1 },
      description: "The result's full listing (1 credit each, through /v1/realty/for-sale or /for-rent); at most 4 are fetched at once.",
      key: listingKey,
      load: (keys, context) => {
        const limit = pLimit(LISTING_CONCURRENCY);
        return Promise.all(
          keys.map((key) => limit(async () => (await (fieldsOfKey(key)[0] === 'rent' ? loadForRent : loadForSale)([key], context))[0]!)),
        );
      },
    }),
  ];
}
