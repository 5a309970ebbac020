import { defineFamily } from '../../catalogue/family.js';
import { realtyUrlForms } from './url-forms.js';
import { realtyEdges } from './graph.js';
import { realtyRefetch } from './refetch.js';
import { propertyListingSchema, realEstateAgentSchema, searchResultItemSchema } from './model.js';
import { agentEndpoint, forRentEndpoint, forSaleEndpoint, searchEndpoint } from './endpoints.js';
import { REALTY_HOSTS } from './market.js';

/**
 * The real-estate family over Redfin's two marketplaces. Every request goes
 * through the residential proxy named by REALTY_PROXY_URL.
 */
export const realtyFamily = defineFamily({
  name: 'realty',
  hosts: REALTY_HOSTS,
  blockPages: { markers: [/<title>[^<]*are you a robot\??[^<]*<\/title>/i], titles: [/are you a robot/i] },
  requiresResidentialProxy: true,
  resources: [propertyListingSchema, realEstateAgentSchema, searchResultItemSchema],
  endpoints: [forSaleEndpoint, forRentEndpoint, agentEndpoint, searchEndpoint],
  urlForms: realtyUrlForms,
  edges: realtyEdges,
  refetch: realtyRefetch,
  watchChoices: [
    {
      field: 'watchRealtyListing',
      description: 'One listing (as realtyForSale, or realtyForRent with listing: "for-rent"), re-sent when it changes (price, status...).',
      argument: 'listing',
      argumentDescription: 'which page the url is: a for-sale listing (/v1/realty/for-sale) or a rental (/v1/realty/for-rent)',
      endpoints: { 'for-sale': '/v1/realty/for-sale', 'for-rent': '/v1/realty/for-rent' },
    },
  ],
  demo: async () => (await import('./demo/world.js')).realtyDemo,
});

export { MARKETS, REALTY_PLATFORM } from './market.js';
export { AVAILABILITY_TABLE, REDFIN_STATUS_TABLE, RENTAL_STATUS_WORDING, SEARCH_STATUS_WORDING } from './status.js';
export type { Via } from './fetch/sourced.js';
