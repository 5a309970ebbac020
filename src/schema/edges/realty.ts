import pLimit from 'p-limit';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { parseSearchPath } from '../../families/realty/search/search-path.js';
import { builder } from '../builder.js';
import { LISTED_BY, resourceTypes, type Resource } from '../types/resources.js';
import { endpointAt, loadSingles } from './load-through-pipeline.js';

/** At most this many listing pages are fetched at once for one search page (40 results). */
const LISTING_CONCURRENCY = 4;

/** `sale|com|https://…` or `rent|ca|https://…`: which endpoint, marketplace and page a result's listing needs. */
function listingKey(item: Resource): string | null {
  const search = item[LISTED_BY];
  if (typeof item.url !== 'string' || typeof search?.url !== 'string' || (search.tld !== 'com' && search.tld !== 'ca')) return null;
  const searchPath = URL.parse(search.url)?.pathname;
  const rentals = searchPath ? parseSearchPath(searchPath)?.rentals === true : false;
  return `${rentals ? 'rent' : 'sale'}|${search.tld}|${item.url}`;
}

/** SearchResultItem.listing: the full PropertyListing of a result, with bounded concurrency. */
export function addRealtyEdges(catalogue: Catalogue): void {
  const loadForSale = loadSingles(endpointAt(catalogue, '/v1/realty/for-sale'), (key) => ({ tld: key.split('|')[1], url: key.split('|')[2] }));
  const loadForRent = loadSingles(endpointAt(catalogue, '/v1/realty/for-rent'), (key) => ({ tld: key.split('|')[1], url: key.split('|')[2] }));

  builder.objectField(resourceTypes.SearchResultItem, 'listing', (t) =>
    t.loadable({
      type: resourceTypes.PropertyListing,
      nullable: true,
      extensions: { upstreamCost: { fetches: 1 } },
      description: "The result's full listing (1 credit each, through /v1/realty/for-sale or /for-rent); at most 4 are fetched at once.",
      load: (keys: readonly string[], context) => {
        const limit = pLimit(LISTING_CONCURRENCY);
        return Promise.all(keys.map((key) => limit(async () => (await (key.startsWith('rent|') ? loadForRent : loadForSale)([key], context))[0]!)));
      },
      resolve: (item: Resource) => listingKey(item),
    }),
  );
}
