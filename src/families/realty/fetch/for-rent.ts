import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { PropertyListing } from '../model.js';
import { aboveTheFoldSchema, belowTheFoldSchema } from '../listing/home-details-schemas.js';
import { jsonLdListing } from '../listing/json-ld-listing.js';
import { floorPlansSchema, rentalAboutSchema, rentalAmenitiesSchema, rentalHomes, rentalsBodySchema, type RentalHome } from '../listing/rental-schemas.js';
import { isMultiUnit, RENT_QUALIFIER, rentalListing, unitRangeOf } from '../listing/rental-listing.js';
import { unitTypeCount } from '../listing/floor-plans.js';
import { resolveMarket } from '../market.js';
import type { RealtyParams } from '../params.js';
import type { CachedAnswer } from '../parse/data-cache.js';
import { homecardsUrl, homeDetailsUrl, isRentalId, PAGE_TYPE, rentalPartUrl, STINGRAY_PATHS, type RentalPart } from '../stingray-urls.js';
import { listingTarget } from '../urls.js';
import { loadPage, notFound } from './listing-page.js';
import { overallVia, section, type Sourced, type Via } from './sourced.js';

const RENTAL_PART_PATH = /^\/stingray\/api\/v1\/rentals\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\w+)$/i;

/**
 * GET /v1/realty/for-rent: the rental page, its embedded rentals answers (homecards,
 * floorPlans, amenities, about, belowTheFold), the rentals API for any it lacks, JSON-LD last.
 */
export async function fetchForRent(params: RealtyParams, ctx: FetchContext): Promise<SingleResult<PropertyListing>> {
  const market = resolveMarket(params.tld, params.country_code);
  const target = listingTarget(params.url, market, 'for-rent');
  const loaded = await loadPage(ctx, target.pageUrl);
  if ('empty' in loaded) return loaded.empty;
  const { page } = loaded;
  const cache = page.dataCache;
  const context = { market, propertyId: target.propertyId, pageUrl: page.canonicalUrl ?? target.pageUrl, fetchedAt: ctx.fetchedAt };

  const cards = await section(ctx, cache, {
    // The page may cache cards of other properties too; only this property's card will do.
    cacheMatch: (answer) => answer.path === STINGRAY_PATHS.rentalHomecards && (answer.query.propertyIds ?? '').split(',').includes(target.propertyId),
    schema: rentalsBodySchema,
    fetchUrl: () => homecardsUrl(market, target.propertyId),
    fetchedVia: 'rentals-api',
    where: 'rentals homecards',
  });
  const home = cards === null ? null : homeOf(rentalHomes(cards.value), target.propertyId);
  if (home === null) {
    const fromJsonLd = jsonLdListing(page.jsonLd, context, 'rent');
    if (fromJsonLd !== null) {
      const listing = fromJsonLd.listing;
      const priceQualifier = listing.price === null ? null : fromJsonLd.isPriceRange ? RENT_QUALIFIER.building : RENT_QUALIFIER.single;
      return { data: { ...listing, priceQualifier }, raw: { via: 'json-ld', url: target.pageUrl, jsonLd: fromJsonLd.nodes } };
    }
    // The rentals API answered, and this property is not among its rentals.
    if (cards !== null) return notFound(target.pageUrl, null);
    throw schemaDrift('The Redfin rental page has no rental card (embedded or from the rentals API) and no listing JSON-LD.', { url: target.pageUrl });
  }

  const multiUnit = isMultiUnit(home, target.pathKind);
  const rentalId = rentalIdOf(home, cache, page.html);
  const part = (name: RentalPart, fetchWhenMissing: boolean) => ({
    cacheMatch: (answer: CachedAnswer) => RENTAL_PART_PATH.exec(answer.path)?.[2] === name,
    fetchUrl: () => (rentalId !== null && fetchWhenMissing ? rentalPartUrl(market, rentalId, name) : null),
    fetchedVia: 'rentals-api' as const,
    where: `rentals ${name}`,
  });
  const [amenities, about, floorPlans, below, above] = await Promise.all([
    section(ctx, cache, { ...part('amenities', true), schema: rentalAmenitiesSchema }),
    section(ctx, cache, { ...part('about', true), schema: rentalAboutSchema }),
    // A single rented home has no floor plans worth a request.
    section(ctx, cache, { ...part('floorPlans', multiUnit), schema: floorPlansSchema }),
    section(ctx, cache, {
      cacheMatch: (answer) => answer.path === STINGRAY_PATHS.belowTheFold || answer.path === STINGRAY_PATHS.belowTheFoldV1,
      schema: belowTheFoldSchema,
      fetchUrl: () => homeDetailsUrl(market, 'belowTheFold', target.propertyId, null, PAGE_TYPE.rental),
      fetchedVia: 'stingray',
      where: 'belowTheFold',
    }),
    // Photos come from an embedded aboveTheFold only; rental cards carry photo ranges, not URLs.
    section(ctx, cache, { cacheMatch: STINGRAY_PATHS.aboveTheFold, schema: aboveTheFoldSchema, fetchUrl: () => null, fetchedVia: 'stingray', where: 'aboveTheFold' }),
  ]);

  const parts = { homecards: cards, amenities, about, floorPlans, belowTheFold: below, aboveTheFold: above };
  const vias: Record<string, Via> = {};
  const contents: Record<string, unknown> = {};
  for (const [name, sourced] of Object.entries(parts) as [string, Sourced<unknown> | null][]) {
    if (sourced === null) continue;
    vias[name] = sourced.via;
    contents[name] = sourced.content;
  }
  const listing = rentalListing(
    { home, about: about?.value ?? null, amenities: amenities?.value ?? null, floorPlans: floorPlans?.value ?? null, below: below?.value ?? null, above: above?.value ?? null },
    context,
    multiUnit,
  );
  return {
    data: listing,
    raw: {
      via: overallVia(Object.values(vias)),
      sections: vias,
      url: target.pageUrl,
      rentalId,
      multiUnit,
      unitRange: unitRangeOf(home, floorPlans === null ? null : unitTypeCount(floorPlans.value)),
      ...contents,
    },
  };
}

/** The card of this property; a lone card without an id is taken as it. */
function homeOf(homes: RentalHome[], propertyId: string): RentalHome | null {
  const exact = homes.find((home) => home.homeData?.propertyId === propertyId);
  if (exact) return exact;
  return homes.length === 1 && !homes[0]!.homeData?.propertyId ? homes[0]! : null;
}

/** The rental's UUID: from its card, else from the page's rentals answers, else from the page text. */
function rentalIdOf(home: RentalHome, cache: readonly CachedAnswer[] | null, html: string): string | null {
  const candidates = [
    home.rentalExtension?.rentalId,
    ...(cache ?? []).map((answer) => RENTAL_PART_PATH.exec(answer.path)?.[1]),
    /"rentalId"\s*:\s*"([0-9a-f-]{36})"/i.exec(html)?.[1],
  ];
  return candidates.find(isRentalId) ?? null;
}

