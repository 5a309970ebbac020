import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { PropertyListing } from '../model.js';
import { aboveTheFoldSchema, belowTheFoldSchema } from '../listing/home-details-schemas.js';
import { jsonLdListing } from '../listing/json-ld-listing.js';
import {
  floorPlansSchema,
  rentalAboutSchema,
  rentalAmenitiesSchema,
  rentalHomes,
  rentalsBodySchema,
  type RentalHome,
} from '../listing/rental-schemas.js';
import { isMultiUnit, RENT_QUALIFIER, rentalListing, unitRangeOf } from '../listing/rental-listing.js';
import { floorPlanSummary } from '../listing/floor-plans.js';
import { resolveMarket } from '../market.js';
import type { RealtyParams } from '../params.js';
import type { CachedAnswer } from '../parse/data-cache.js';
import type { RedfinPage } from '../parse/page.js';
import {
  homecardsUrl,
  homeDetailsUrl,
  isRentalId,
  PAGE_TYPE,
  rentalIdInText,
  rentalPartUrl,
  STINGRAY_PATHS,
  type RentalPart,
} from '../stingray-urls.js';
import { listingTarget, type ListingTarget } from '../urls.js';
import { loadPage, notFound } from './listing-page.js';
import { optionalSection, overallVia, section, type OptionalSection, type Via } from './sourced.js';

const RENTAL_PART_PATH = /^\/stingray\/api\/v1\/rentals\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(\w+)$/i;

/** Each rental section's name in warnings, and what is unknown without it. */
const SECTION_WARNINGS: Readonly<Record<string, { label: string; fields: string }>> = {
  amenities: { label: 'amenities', fields: 'amenity lists' },
  about: { label: 'rental description', fields: 'description and management company' },
  floorPlans: { label: 'floor plans', fields: 'unit types' },
  belowTheFold: { label: 'property history', fields: 'rent history, schools, property type and year built' },
};

/**
 * GET /v1/realty/for-rent: the rental page, its embedded rentals answers (homecards,
 * floorPlans, amenities, about, belowTheFold), the rentals API for any it lacks, JSON-LD last.
 * The rental card is read from the page's own cache first; its direct endpoint is only seen
 * as a cache key of rental pages, so a failing fetch of it is a missing section: the listing
 * is returned partial, with warnings naming what could not be read, not failed as drift.
 */
export async function fetchForRent(params: RealtyParams, ctx: FetchContext): Promise<SingleResult<PropertyListing>> {
  const market = resolveMarket(params.tld, params.country_code);
  const target = listingTarget(params.url, market, 'for-rent');
  const loaded = await loadPage(ctx, target.pageUrl);
  if ('empty' in loaded) return loaded.empty;
  return readRentalPage(ctx, loaded.page, target);
}

/**
 * Whether a loaded page is a rental's: it embeds rentals API answers or names a rental id. A
 * `/home/` page may be either kind, and only the page tells.
 */
export function showsRental(page: RedfinPage): boolean {
  const rentalAnswer = (answer: CachedAnswer) => answer.path.startsWith(STINGRAY_PATHS.rentalPrefix);
  return (page.dataCache ?? []).some(rentalAnswer) || rentalIdInText(page.html) !== null;
}

/** A loaded rental page read into its listing (the sections it lacks fetched as fetchForRent says). */
export async function readRentalPage(ctx: FetchContext, page: RedfinPage, target: ListingTarget): Promise<SingleResult<PropertyListing>> {
  const { market } = target;
  const cache = page.dataCache;
  const context = { market, propertyId: target.propertyId, pageUrl: page.canonicalUrl ?? target.pageUrl, fetchedAt: ctx.fetchedAt };

  const card = await optionalSection(ctx, cache, {
    // The page may cache cards of other properties too; only this property's card will do.
    cacheMatch: (answer) =>
      answer.path === STINGRAY_PATHS.rentalHomecards && (answer.query.propertyIds ?? '').split(',').includes(target.propertyId),
    schema: rentalsBodySchema,
    fetchUrl: () => homecardsUrl(market, target.propertyId),
    fetchedVia: 'rentals-api',
    where: 'rentals homecards',
  });
  const cards = card.sourced;
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
  }

  const rentalId = rentalIdOf(home, cache, page.html);
  const fetchPlans = isMultiUnit(home, target.pathKind);
  const part = (name: RentalPart, fetchWhenMissing: boolean) => ({
    cacheMatch: (answer: CachedAnswer) => RENTAL_PART_PATH.exec(answer.path)?.[2] === name,
    fetchUrl: () => (rentalId !== null && fetchWhenMissing ? rentalPartUrl(market, rentalId, name) : null),
    fetchedVia: 'rentals-api' as const,
    where: `rentals ${name}`,
  });
  const [amenities, about, floorPlans, below, above] = await Promise.all([
    optionalSection(ctx, cache, { ...part('amenities', true), schema: rentalAmenitiesSchema }),
    optionalSection(ctx, cache, { ...part('about', true), schema: rentalAboutSchema }),
    // A single rented home has no floor plans worth a request.
    optionalSection(ctx, cache, { ...part('floorPlans', fetchPlans), schema: floorPlansSchema }),
    optionalSection(ctx, cache, {
      cacheMatch: (answer) => answer.path === STINGRAY_PATHS.belowTheFold || answer.path === STINGRAY_PATHS.belowTheFoldV1,
      schema: belowTheFoldSchema,
      fetchUrl: () => homeDetailsUrl(market, 'belowTheFold', target.propertyId, null, PAGE_TYPE.rental),
      fetchedVia: 'stingray',
      where: 'belowTheFold',
    }),
    // Photos come from an embedded aboveTheFold only; rental cards carry photo ranges, not URLs.
    section(ctx, cache, {
      cacheMatch: STINGRAY_PATHS.aboveTheFold,
      schema: aboveTheFoldSchema,
      fetchUrl: () => null,
      fetchedVia: 'stingray',
      where: 'aboveTheFold',
    }),
  ]);

  const parts: Record<string, OptionalSection<unknown>> = {
    homecards: card,
    amenities,
    about,
    floorPlans,
    belowTheFold: below,
    aboveTheFold: { sourced: above, missing: null },
  };
  const vias: Record<string, Via> = {};
  const contents: Record<string, unknown> = {};
  const missing: Record<string, string> = {};
  for (const [name, { sourced, missing: why }] of Object.entries(parts)) {
    if (why !== null) missing[name] = why;
    if (sourced === null) continue;
    vias[name] = sourced.via;
    contents[name] = sourced.content;
  }
  if (home === null && Object.keys(vias).length === 0) {
    throw schemaDrift(
      'The Redfin rental page has no rental card (embedded or from the rentals API), no listing JSON-LD and no other rental section.',
      {
        url: target.pageUrl,
        ...(card.missing === null ? {} : { homecards: card.missing }),
      },
    );
  }

  const plans = floorPlanSummary(floorPlans.sourced?.value ?? null);
  const multiUnit = isMultiUnit(home, target.pathKind, plans);
  const listing = rentalListing(
    {
      home,
      about: about.sourced?.value ?? null,
      amenities: amenities.sourced?.value ?? null,
      floorPlans: floorPlans.sourced?.value ?? null,
      plans,
      below: below.sourced?.value ?? null,
      above: above?.value ?? null,
    },
    context,
    multiUnit,
  );
  const warnings = warningsOf(home === null, missing, listing);
  return {
    data: listing,
    raw: {
      via: overallVia(Object.values(vias)),
      sections: vias,
      url: target.pageUrl,
      rentalId,
      multiUnit,
      unitRange: unitRangeOf(home, plans),
      ...(Object.keys(missing).length > 0 ? { missing } : {}),
      ...contents,
    },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * The warnings of a partial listing: the rental card (naming the core fields it left
 * unknown), and each other section whose answer failed. A part that is simply absent (404)
 * is nothing to read, not a failure.
 */
function warningsOf(withoutCard: boolean, missing: Record<string, string>, listing: PropertyListing): string[] {
  const warnings: string[] = [];
  if (withoutCard) {
    const unknown = [
      listing.price === null ? 'price' : null,
      listing.address.formatted === null ? 'address' : null,
      listing.latitude === null ? 'coordinates' : null,
      listing.status === null ? 'status' : null,
    ].filter((field): field is string => field !== null);
    warnings.push(unknown.length === 0 ? 'rental card unavailable' : `rental card unavailable: ${joinWords(unknown)} unknown`);
  }
  for (const [name, { label, fields }] of Object.entries(SECTION_WARNINGS)) {
    const why = missing[name];
    if (why !== undefined && why !== 'HTTP 404') warnings.push(`${label} unavailable: ${fields} unknown`);
  }
  return warnings;
}

function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The card of this property; a lone card without an id is taken as it. */
function homeOf(homes: RentalHome[], propertyId: string): RentalHome | null {
  const exact = homes.find((home) => home.homeData?.propertyId === propertyId);
  if (exact) return exact;
  return homes.length === 1 && !homes[0]!.homeData?.propertyId ? homes[0]! : null;
}

/** The rental's UUID: from its card, else from the page's rentals answers, else from the page text. */
function rentalIdOf(home: RentalHome | null, cache: readonly CachedAnswer[] | null, html: string): string | null {
  const candidates = [
    home?.rentalExtension?.rentalId,
    ...(cache ?? []).map((answer) => RENTAL_PART_PATH.exec(answer.path)?.[1]),
    rentalIdInText(html),
  ];
  return candidates.find(isRentalId) ?? null;
}
