import { z } from 'zod';

/**
 * Query parameters shared by the four realty endpoints; only the description of
 * `url` differs. The market rule that ties country_code to tld needs both values, so it runs
 * in fetch (resolveMarket), not here: the pipeline extends these objects, which must stay free
 * of object-level refinements.
 */
function realtyParamsFor(page: string) {
  return z.object({
    url: z.string().min(1).describe(`URL of the ${page}, on https://www.redfin.{tld}`),
    tld: z.enum(['com', 'ca']).default('com').describe('marketplace: com (www.redfin.com, US, USD) or ca (www.redfin.ca, CA, CAD)'),
    country_code: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as US or CA')
      .optional()
      .describe('ISO 3166-1 alpha-2 market code; defaults from tld (com: US, ca: CA) and sets the currency; any other value is refused'),
  });
}

export const forSaleParams = realtyParamsFor('Redfin for-sale listing page (…/home/{propertyId})');
export const forRentParams = realtyParamsFor('Redfin rental page (…/home/{propertyId} or …/apartment/{propertyId})');
export const agentParams = realtyParamsFor('Redfin agent or partner-agent profile page (…/real-estate-agents/{slug})');

/** Search adds the cursor of a previous page. */
export const searchParams = realtyParamsFor('Redfin search page (a city, zip code or filtered search)').extend({
  cursor: z.string().optional().describe('pagination.cursor of a previous response: fetches the next results page (…/page-N)'),
});

/** Parsed parameters of for-sale, for-rent and agent (the same shape). */
export type RealtyParams = z.output<typeof forSaleParams>;
export type RealtySearchParams = z.output<typeof searchParams>;

/** The for-sale parameters, for callers that only need the shared shape. */
export const realtyParams = forSaleParams;
