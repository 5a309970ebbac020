import type { DemoExample } from '../../../catalogue/demo-world.js';
import { AGENT, CITY_SEARCH_PATH, RENTAL_BUILDING, RENTALS_SEARCH_PATH, SALE_HOME } from './data.js';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One request per realty endpoint (two searches), answered by the demo's realty world. */
export const REALTY_DEMO_EXAMPLES: readonly DemoExample[] = [
  {
    endpoint: '/v1/realty/for-sale',
    what: 'a house for sale with price history and schools',
    path: `/v1/realty/for-sale?${query({ url: SALE_HOME.url })}`,
  },
  {
    endpoint: '/v1/realty/for-rent',
    what: 'a multi-unit rental building (starting rent, floor plans)',
    path: `/v1/realty/for-rent?${query({ url: RENTAL_BUILDING.url, include_raw: 'true' })}`,
  },
  { endpoint: '/v1/realty/agent', what: 'an agent and the listings on the profile', path: `/v1/realty/agent?${query({ url: AGENT.url })}` },
  {
    endpoint: '/v1/realty/search',
    what: 'a city search, page 1 of 2',
    path: `/v1/realty/search?${query({ url: `https://www.redfin.com${CITY_SEARCH_PATH}` })}`,
  },
  {
    endpoint: '/v1/realty/search',
    what: 'a rentals search',
    path: `/v1/realty/search?${query({ url: `https://www.redfin.com${RENTALS_SEARCH_PATH}` })}`,
  },
];
