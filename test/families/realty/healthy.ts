import { redfinPage, stingrayText } from './fixtures/page-builder.js';
import { fixtures, rentalPage, salePage } from './fixtures/pages.js';
import { html } from '../../../src/demo-kit/replies.js';
import type { FakeReply, FakeRoute } from '../../support/fake-upstream-server.js';
import type { HealthyFamily } from '../../hardening/support/healthy-family.js';

/**
 * A healthy Redfin for the hardening suites: a few fixed pages (sale, rental, agent, city
 * search, and two that make the gateway ask a secondary surface), belowTheFold and gis on
 * stingray, and a sale on the .ca marketplace; other stingray calls 404. Bodies are synthetic.
 */

const sale = fixtures.saleCom();
const saleCa = fixtures.saleCa();
const SALE_CA_PATH = new URL(saleCa.url).pathname;
const rental = fixtures.rentalBuilding();
const agent = fixtures.agent();
const SALE_PATH = new URL(sale.url).pathname;
/** The same home on a page that lacks belowTheFold: the gateway asks stingray for it. */
export const SALE_SECONDARY_PATH = '/TX/Austin/7-Secondary-Surface-Ln-78745/home/90000001';
const RENTAL_PATH = new URL(rental.url).pathname;
const AGENT_PATH = new URL(agent.url).pathname;
const CITY_PATH = '/city/30818/TX/Austin';
/** A filtered zip-code search whose page embeds no results: the gateway asks the gis API. */
export const ZIP_SECONDARY_PATH = '/zipcode/78704/filter/property-type=house,min-beds=3';

const gisQuery = { al: 1, num_homes: 40, ord: 'redfin-recommended-asc', page_number: 1, region_id: 30818, region_type: 6, status: 9, v: 8 };

const REDFIN_PAGES: Record<string, () => string> = {
  [SALE_PATH]: () => salePage(sale),
  [SALE_SECONDARY_PATH]: () => salePage({ ...sale, url: `https://www.redfin.com${SALE_SECONDARY_PATH}` }, { omit: ['belowTheFold'] }),
  [RENTAL_PATH]: () => rentalPage(rental),
  [AGENT_PATH]: () =>
    redfinPage({
      cache: [{ key: '/stingray/api/agents/profile', queryParams: { agentSlug: 'marisol-vega' }, body: agent.profile }],
      jsonLd: agent.jsonLd as unknown[],
    }),
  [CITY_PATH]: () => redfinPage({ cache: [{ key: '/stingray/api/gis', queryParams: gisQuery, body: fixtures.gis() }] }),
  [ZIP_SECONDARY_PATH]: () =>
    redfinPage({
      cache: [{ key: '/stingray/api/region/shared-region-info', queryParams: { region_id: 37863, region_type: 2 }, body: {} }],
    }),
};

const stingray = (body: unknown): FakeReply => ({ body: stingrayText(body), headers: { 'content-type': 'application/json' } });

/** www.redfin.com, and one listing of www.redfin.ca, healthy. */
const route: FakeRoute = (_request, url) => {
  if (url.hostname === 'www.redfin.ca') return url.pathname === SALE_CA_PATH ? html(salePage(saleCa)) : undefined;
  if (url.hostname !== 'www.redfin.com') return undefined;
  const page = REDFIN_PAGES[url.pathname];
  if (page) return html(page());
  if (url.pathname === '/stingray/api/home/details/belowTheFold') return stingray(sale.belowTheFold);
  if (url.pathname === '/stingray/api/gis') return stingray(fixtures.gis());
  return undefined;
};

/** Realty pages are fixed; a query on the caller's URL keeps each variant's cache entry apart. */
const redfin = (path: string, variant: number) => `https://www.redfin.com${path}?variant=${variant}`;

/** Stingray is the page's secondary surface: the page is the first and meaningful request. */
const isStingray = (url: URL): boolean => url.pathname.startsWith('/stingray/');

export const healthy: HealthyFamily = {
  route,
  scenarios: {
    '/v1/realty/for-sale': (n) => ({ url: redfin(SALE_PATH, n) }),
    '/v1/realty/for-rent': (n) => ({ url: redfin(RENTAL_PATH, n) }),
    '/v1/realty/agent': (n) => ({ url: redfin(AGENT_PATH, n) }),
    '/v1/realty/search': (n) => ({ url: redfin(CITY_PATH, n) }),
  },
  pages: [sale.url, saleCa.url],
  // The secondary surfaces have tests of their own (faults-on-secondary-surfaces.test.ts).
  faultTarget: (_request, url) => !isStingray(url),
};
