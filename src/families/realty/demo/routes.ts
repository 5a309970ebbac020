import type { FakeReply, FakeRoute } from '../../../catalogue/demo-world.js';
import { redfinPage, rentalPage, salePage } from './redfin-pages.js';
import { html, onHost } from '../../../demo-kit/replies.js';
import {
  AGENT,
  AGENT_PATH,
  CITY_SEARCH_PAGES,
  CITY_SEARCH_PATH,
  RENTAL_BUILDING,
  RENTAL_PATH,
  RENTALS_SEARCH,
  RENTALS_SEARCH_PATH,
  SALE_HOME,
  SALE_PATH,
} from './data.js';

/**
 * The realty dataset served as the marketplace's pages: each page embeds the API answers its
 * own scripts would ask for (the gateway's cheapest surface), so every demo request is one
 * page fetch through the proxy. Anything else on the host is a 404 page.
 */

const CITY_REGION = 2287;

function citySearchPage(pageNumber: number): string {
  const gisQuery = {
    al: 1,
    num_homes: 40,
    ord: 'redfin-recommended-asc',
    page_number: pageNumber,
    region_id: CITY_REGION,
    region_type: 6,
    status: 9,
    v: 8,
  };
  const hasNext = pageNumber < CITY_SEARCH_PAGES.length;
  return redfinPage({
    title: 'Boise, ID Homes for Sale | Redfin',
    canonical: `https://www.redfin.com${CITY_SEARCH_PATH}`,
    cache: [{ key: '/stingray/api/gis', queryParams: gisQuery, body: CITY_SEARCH_PAGES[pageNumber - 1] }],
    bodyHtml: hasNext ? `<a href="${CITY_SEARCH_PATH}/page-${pageNumber + 1}">Next</a>` : '',
  });
}

const PAGES: Record<string, () => string> = {
  [SALE_PATH]: () => salePage(SALE_HOME),
  [RENTAL_PATH]: () => rentalPage(RENTAL_BUILDING),
  [AGENT_PATH]: () =>
    redfinPage({
      title: 'Harper Lindqvist | Redfin',
      cache: [{ key: '/stingray/api/agents/profile', queryParams: { agentSlug: 'harper-lindqvist' }, body: AGENT.profile }],
      jsonLd: AGENT.jsonLd,
    }),
  [CITY_SEARCH_PATH]: () => citySearchPage(1),
  [`${CITY_SEARCH_PATH}/page-2`]: () => citySearchPage(2),
  [RENTALS_SEARCH_PATH]: () =>
    redfinPage({
      title: 'Denver, CO Apartments for Rent | Redfin',
      cache: [
        {
          key: '/stingray/api/v1/search/rentals',
          queryParams: { num_homes: 2, page_number: 1, region_id: 5155, region_type: 6 },
          body: RENTALS_SEARCH,
          bare: true,
        },
      ],
    }),
};

function redfinReply(url: URL): FakeReply {
  const page = PAGES[url.pathname];
  return page ? html(page()) : html(redfinPage({ title: 'Page Not Found | Redfin', bodyHtml: '<h1>Page not found</h1>' }), 404);
}

/** Every realty surface of the demo dataset (www.redfin.com). */
export function realtyRoutes(): FakeRoute[] {
  return [onHost('www.redfin.com', redfinReply)];
}
