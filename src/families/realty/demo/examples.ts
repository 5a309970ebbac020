import { demoExample, type DemoExample } from '../../../catalogue/demo-world.js';
import { AGENT, CITY_SEARCH_PATH, RENTAL_BUILDING, RENTALS_SEARCH_PATH, SALE_HOME } from './data.js';

/** One request per realty endpoint (two searches), answered by the demo's realty world. */
export const REALTY_DEMO_EXAMPLES: readonly DemoExample[] = [
  demoExample('/v1/realty/for-sale', 'a house for sale with price history and schools', { url: SALE_HOME.url }),
  demoExample('/v1/realty/for-rent', 'a multi-unit rental building (starting rent, floor plans)', {
    url: RENTAL_BUILDING.url,
    include_raw: 'true',
  }),
  demoExample('/v1/realty/agent', 'an agent and the listings on the profile', { url: AGENT.url }),
  demoExample('/v1/realty/search', 'a city search, page 1 of 2', { url: `https://www.redfin.com${CITY_SEARCH_PATH}` }),
  demoExample('/v1/realty/search', 'a rentals search', { url: `https://www.redfin.com${RENTALS_SEARCH_PATH}` }),
];
