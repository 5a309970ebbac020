import type { PathShape, UrlForm } from '../../catalogue/url-forms.js';
import { MARKETS, type Market } from './market.js';
import { kindOfPath, type PageKind } from './urls.js';

const ENDPOINTS: Record<PageKind, `/v1/${string}`> = {
  'for-sale': '/v1/realty/for-sale',
  'for-rent': '/v1/realty/for-rent',
  agent: '/v1/realty/agent',
  search: '/v1/realty/search',
};

const NAMES: Record<PageKind, string> = {
  'for-sale': 'a home listing (for sale or for rent)',
  'for-rent': 'a rental building',
  agent: 'an agent profile',
  search: 'a search page',
};

const EXAMPLE_PATHS: Record<PageKind, string> = {
  'for-sale': '/TX/Austin/123-Main-St-78701/home/12345678',
  'for-rent': '/TX/Austin/The-Building/apartment/12345678',
  agent: '/real-estate-agents/jane-doe',
  search: '/city/30818/TX/Austin',
};

/** A path of `kind`, by the same reading the endpoints apply to their `url`. */
const pathOf = (kind: PageKind): PathShape => ({ test: (path) => kindOfPath(path) === kind });

/**
 * Each marketplace's pages. A `/home/` page goes to for-sale, which answers the rental listing
 * when the fetched page is a rental's (only the page tells them apart); a rental building has an
 * `/apartment/` page of its own. The page
 * is passed on the marketplace's own origin without its query, so tracking parameters and the
 * host without `www.` share one cache entry.
 */
function marketForms(market: Market): UrlForm[] {
  const hosts = [market.host, market.host.replace(/^www\./, '')];
  return (Object.keys(ENDPOINTS) as PageKind[]).map((kind) => ({
    names: `${NAMES[kind]} (${market.tld})`,
    hosts,
    path: pathOf(kind),
    example: `${market.origin}${EXAMPLE_PATHS[kind]}`,
    endpoint: ENDPOINTS[kind],
    params: (url: URL) => ({ url: `${market.origin}${url.pathname.replace(/\/+$/, '')}`, tld: market.tld }),
  }));
}

export const realtyUrlForms: readonly UrlForm[] = Object.values(MARKETS).flatMap(marketForms);
