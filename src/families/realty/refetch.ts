import type { RefetchDeclaration } from '../../catalogue/family.js';
import { textOf } from '../../catalogue/standard-edges.js';
import { REALTY_PLATFORM } from './market.js';

/** The marketplace of a page URL: www.redfin.ca is `ca`, every other page `com`. */
const tldOf = (url: string): 'com' | 'ca' => (/^https:\/\/www\.redfin\.ca\//.test(url) ? 'ca' : 'com');

const SEPARATOR = ' ';

/**
 * Realty resources fetched again by key: a listing by its page URL (a sale or a rental page),
 * an agent by profile URL; the marketplace follows from the URL's host.
 */
export const realtyRefetch: readonly RefetchDeclaration[] = [
  {
    type: 'PropertyListing',
    platform: REALTY_PLATFORM,
    key: (listing) => {
      const url = textOf(listing.url);
      const kind = listing.listingType === 'rent' ? 'rent' : listing.listingType === 'sale' ? 'sale' : null;
      return url && kind ? `${kind}${SEPARATOR}${url}` : null;
    },
    fetch: (key) => {
      const [kind, url] = [key.slice(0, key.indexOf(SEPARATOR)), key.slice(key.indexOf(SEPARATOR) + 1)];
      if (url === '') return null;
      const params = { url, tld: tldOf(url) };
      if (kind === 'sale') return { endpoint: '/v1/realty/for-sale', params };
      if (kind === 'rent') return { endpoint: '/v1/realty/for-rent', params };
      return null;
    },
  },
  {
    type: 'RealEstateAgent',
    platform: REALTY_PLATFORM,
    key: (agent) => textOf(agent.url),
    fetch: (url) => ({ endpoint: '/v1/realty/agent', params: { url, tld: tldOf(url) } }),
  },
];
