import { defineEndpoint, endpointFlags, type EndpointFlags } from '../../catalogue/endpoint.js';
import type { PropertyListing, RealEstateAgent, SearchResultItem } from './model.js';
import { checkedAgentParams, checkedListingParams, checkedSearchParams } from './checked-params.js';
import { fetchAgent } from './fetch/agent.js';
import { fetchForRent } from './fetch/for-rent.js';
import { fetchForSale } from './fetch/for-sale.js';
import { fetchSearch } from './fetch/search.js';
import { RENTALS_PAGE_SIZE } from './search/search-query.js';
import { agentParams, forRentParams, forSaleParams, searchParams } from './params.js';
import { rentalRaw, surfaceRaw } from './raw-fields.js';

const MARKET_RULE =
  'tld picks the marketplace (com: www.redfin.com, ca: www.redfin.ca) and the URL must be on it, over https; country_code defaults from tld (com: US, ca: CA), sets the currency (USD, CAD) and any other value is refused.';

/**
 * Every realty endpoint costs 1, is cacheable and batchable, and needs a residential proxy.
 * `experimental` marks a surface no recorded answer confirms (its field names are a reading).
 */
const flags = (subscribable: boolean, parameterConstraints: string, experimental = false): EndpointFlags =>
  endpointFlags({ subscribable, parameterConstraints, experimental, requiresResidentialProxy: true });

/** Why the agent endpoint is experimental, in its published description. */
const AGENT_UNVERIFIED =
  'Experimental: no recorded Redfin agent page or agent-profile answer exists, so every field read from the embedded profile or from /stingray/api/agents/profile (name, photo, brokerage, license, phone, bio, languages, service areas, rating, review count, sales figures, listings) is read under assumed field names and is unverified; the schema.org RealEstateAgent JSON-LD of the page, read the same way as on listing pages, fills what the profile lacks.';

const SURFACES =
  'Read from the page HTML and the API answers Redfin embeds in it, the stingray JSON endpoints for any it lacks, and the page JSON-LD as the last resort (raw.via names the surface).';

export const forSaleEndpoint = defineEndpoint<typeof forSaleParams, PropertyListing>({
  path: '/v1/realty/for-sale',
  summary: 'One for-sale listing: price, specs, agent, price history, nearby schools',
  description: `A Redfin for-sale listing as a PropertyListing: asking price in the market currency, beds, baths, area, lot, year built, status, photos and floor plans, listing agent and brokerage, amenities, price history and the schools serving the home. ${SURFACES} A listing Redfin answers 404 is an empty result (not_found). A /home/ page that turns out to be a rental's answers its rental listing (listingType rent), read as for-rent reads it.`,
  params: forSaleParams,
  raw: surfaceRaw,
  flags: flags(
    true,
    `url must be a https://www.redfin.{tld} for-sale listing URL (…/{ST}/{City}/{address-slug}/home/{propertyId}). ${MARKET_RULE}`,
  ),
  returns: { kind: 'single', type: 'PropertyListing' },
  normaliseParams: checkedListingParams('for-sale'),
  fetch: fetchForSale,
});

export const forRentEndpoint = defineEndpoint<typeof forRentParams, PropertyListing>({
  path: '/v1/realty/for-rent',
  summary: 'One rental: monthly rent (starting rent for a building), specs, amenities, rent history',
  description: `A Redfin rental as a PropertyListing: monthly rent (for a multi-unit building the starting rent, with priceQualifier "starting at, per month", and its unit types, counts and beds/baths/area/rent ranges in raw.unitRange; floor-plan images only where Redfin gives image URLs), specs, availability status, amenities, management company and rent history. ${SURFACES} When the rental card cannot be read the listing is partial: price null (unless floor plans give a starting rent), and meta.warnings names what is unknown.`,
  params: forRentParams,
  raw: rentalRaw,
  flags: flags(
    true,
    `url must be a https://www.redfin.{tld} rental URL (…/home/{propertyId} or …/{building}/apartment/{propertyId}). ${MARKET_RULE}`,
  ),
  returns: { kind: 'single', type: 'PropertyListing' },
  normaliseParams: checkedListingParams('for-rent'),
  fetch: fetchForRent,
});

export const agentEndpoint = defineEndpoint<typeof agentParams, RealEstateAgent>({
  path: '/v1/realty/agent',
  summary: 'One agent or partner-agent profile: name, brokerage, contact, bio, listings',
  description: `A Redfin agent or partner-agent profile as a RealEstateAgent: name, photo, brokerage, license, phone, bio, languages, service areas, rating and review count, sales figures and the listings shown on the profile. ${SURFACES} ${AGENT_UNVERIFIED}`,
  params: agentParams,
  raw: surfaceRaw,
  flags: flags(
    false,
    `url must be a https://www.redfin.{tld} agent profile URL (…/real-estate-agents/{agent-slug} or …/real-estate-partner-agents/{agent-slug}). ${MARKET_RULE}`,
    true,
  ),
  returns: { kind: 'single', type: 'RealEstateAgent' },
  normaliseParams: checkedAgentParams,
  fetch: fetchAgent,
});

export const searchEndpoint = defineEndpoint<typeof searchParams, SearchResultItem>({
  path: '/v1/realty/search',
  summary: 'Results of a Redfin search page: a city, zip code or filtered search, for sale or for rent',
  description: `The results of a Redfin search page as SearchResultItems in served order (position from 1 on each page): price (the lowest rent for a building), availability from the listing status, badges, and isSponsored only where a result is labelled. Rentals searches (…/apartments-for-rent) read the rentals surface. pagination.cursor fetches the next page (…/page-N). ${SURFACES} A search with no results is an empty list.`,
  params: searchParams,
  raw: surfaceRaw,
  flags: flags(
    true,
    `url must be a https://www.redfin.{tld} search page URL (…/city/{regionId}/{ST}/{City} or …/zipcode/{zip}, optionally with /apartments-for-rent, /filter/{filters} and /page-{n}); cursor must come from a previous response. ${MARKET_RULE}`,
  ),
  // A rentals page asks for 350 homes, a sale page lists 40: the larger bounds the page.
  returns: { kind: 'list', type: 'SearchResultItem', maxItems: RENTALS_PAGE_SIZE },
  normaliseParams: checkedSearchParams,
  fetch: fetchSearch,
});
