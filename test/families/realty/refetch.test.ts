import { describe } from 'vitest';
import { itRefetches } from '../../support/refetch-cases.js';

/** The realty family's refetch declarations: a listing and an agent, each fetched again on its own marketplace. */
describe('realty refetch declarations', () => {
  itRefetches([
    {
      type: 'PropertyListing',
      resource: { platform: 'redfin', listingType: 'rent', url: 'https://www.redfin.ca/bc/vancouver/1-A-St/home/90000070' },
      endpoint: '/v1/realty/for-rent',
      params: { url: 'https://www.redfin.ca/bc/vancouver/1-A-St/home/90000070', tld: 'ca' },
    },
    {
      type: 'RealEstateAgent',
      resource: { platform: 'redfin', url: 'https://www.redfin.com/real-estate-agents/jane-doe' },
      endpoint: '/v1/realty/agent',
      params: { url: 'https://www.redfin.com/real-estate-agents/jane-doe', tld: 'com' },
    },
  ]);
});
