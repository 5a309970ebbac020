import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { PropertyListing } from '../model.js';
import { homeListing } from '../listing/home-listing.js';
import { jsonLdListing } from '../listing/json-ld-listing.js';
import { resolveMarket } from '../market.js';
import type { RealtyParams } from '../params.js';
import { PAGE_TYPE } from '../stingray-urls.js';
import { listingTarget } from '../urls.js';
import { readRentalPage, showsRental } from './for-rent.js';
import { collectHomeDetails } from './home-details.js';
import { loadPage, notFound } from './listing-page.js';
import { overallVia } from './sourced.js';

/**
 * GET /v1/realty/for-sale: the listing page, its embedded home-details answers (stingray
 * for any it lacks), JSON-LD as the last resort. A `/home/` page is a sale's or a rental's and
 * only the page tells: a rental's answers the rental listing (listingType rent), as for-rent does.
 */
export async function fetchForSale(params: RealtyParams, ctx: FetchContext): Promise<SingleResult<PropertyListing>> {
  const market = resolveMarket(params.tld, params.country_code);
  const target = listingTarget(params.url, market, 'for-sale');
  const loaded = await loadPage(ctx, target.pageUrl);
  if ('empty' in loaded) return loaded.empty;
  const { page } = loaded;
  // A `/home/` page of a rented home is read as the rental it is, not as a sale missing its details.
  if (showsRental(page)) return readRentalPage(ctx, page, target);
  const context = { market, propertyId: target.propertyId, pageUrl: page.canonicalUrl ?? target.pageUrl, fetchedAt: ctx.fetchedAt };

  const home = await collectHomeDetails(ctx, page, target, PAGE_TYPE.sale);
  if (home.notFound) return notFound(target.pageUrl, null);
  if (home.sections !== null) {
    return {
      data: homeListing(home.sections, context),
      raw: { via: overallVia(Object.values(home.vias)), sections: home.vias, url: target.pageUrl, ...home.contents },
    };
  }

  const fromJsonLd = jsonLdListing(page.jsonLd, context, 'sale');
  if (fromJsonLd === null) {
    throw schemaDrift('The Redfin listing page has no home details (embedded or from stingray) and no listing JSON-LD.', {
      url: target.pageUrl,
    });
  }
  return {
    data: fromJsonLd.listing,
    raw: {
      via: 'json-ld',
      sections: { ...home.vias, listing: 'json-ld' },
      url: target.pageUrl,
      jsonLd: fromJsonLd.nodes,
      ...home.contents,
    },
  };
}
