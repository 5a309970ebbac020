import type { FamilyDefinition } from '../../catalogue/endpoint.js';
import { agentEndpoint, forRentEndpoint, forSaleEndpoint, searchEndpoint } from './endpoints.js';
import { REALTY_HOSTS } from './market.js';

/**
 * The real-estate family (spec 4.3) over Redfin's two marketplaces. Every request goes
 * through the residential proxy named by REALTY_PROXY_URL.
 */
export const realtyFamily: FamilyDefinition = {
  name: 'realty',
  hosts: REALTY_HOSTS,
  proxyEnv: 'REALTY_PROXY_URL',
  requiresResidentialProxy: true,
  endpoints: [forSaleEndpoint, forRentEndpoint, agentEndpoint, searchEndpoint],
};

export { MARKETS, REALTY_PLATFORM } from './market.js';
export { AVAILABILITY_TABLE, REDFIN_STATUS_TABLE, RENTAL_STATUS_WORDING, SEARCH_STATUS_WORDING } from './status.js';
export type { Via } from './fetch/sourced.js';
