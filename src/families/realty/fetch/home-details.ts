import type { FetchContext } from '../../../catalogue/results.js';
import type { ListingTarget } from '../urls.js';
import { cachedContent, findAnswer, type CachedAnswer } from '../parse/data-cache.js';
import type { RedfinPage } from '../parse/page.js';
import { distinctStrings } from '../parse/values.js';
import {
  aboveTheFoldSchema,
  belowTheFoldSchema,
  initialInfoSchema,
  mainHouseInfoSchema,
  photoTagsSchema,
  taggedPhotoSchema,
  type InitialInfo,
} from '../listing/home-details-schemas.js';
import type { HomeSections } from '../listing/home-listing.js';
import { homeDetailsUrl, initialInfoUrl, STINGRAY_PATHS, type HomeDetailsSection } from '../stingray-urls.js';
import { section, type Sourced, type Via } from './sourced.js';

export interface CollectedHome {
  /** Null when no surface had aboveTheFold (the caller falls back to JSON-LD). */
  sections: HomeSections | null;
  /** initialInfo says the property does not exist. */
  notFound: boolean;
  /** Surface of each section read, for raw.sections. */
  vias: Record<string, Via>;
  /** Untouched content of each section read, for raw. */
  contents: Record<string, unknown>;
}

const SECTION_PATHS: Record<HomeDetailsSection, string> = {
  aboveTheFold: STINGRAY_PATHS.aboveTheFold,
  belowTheFold: STINGRAY_PATHS.belowTheFold,
  mainHouseInfo: STINGRAY_PATHS.mainHouseInfo,
};

/**
 * Reads the home-details answers of a listing page: each from the page's dataCache, or from
 * its stingray endpoint when the page lacks it. initialInfo is asked only when something must
 * be fetched and the page gave no listing id.
 */
export async function collectHomeDetails(
  ctx: FetchContext,
  page: RedfinPage,
  target: ListingTarget,
  pageType: number,
): Promise<CollectedHome> {
  const cache = page.dataCache;
  const vias: Record<string, Via> = {};
  const contents: Record<string, unknown> = {};
  const record = <T>(name: string, sourced: Sourced<T> | null): T | null => {
    if (sourced === null) return null;
    vias[name] = sourced.via;
    contents[name] = sourced.content;
    return sourced.value;
  };

  const mustFetch = Object.values(SECTION_PATHS).some((path) => findAnswer(cache, path) === null);
  let listingId = listingIdFromCache(cache);
  let initialInfo: InitialInfo | null = null;
  if (findAnswer(cache, STINGRAY_PATHS.initialInfo) !== null || (mustFetch && listingId === null)) {
    initialInfo = record(
      'initialInfo',
      await section(ctx, cache, {
        cacheMatch: STINGRAY_PATHS.initialInfo,
        schema: initialInfoSchema,
        fetchUrl: () => initialInfoUrl(target.market, target.path),
        fetchedVia: 'stingray',
        where: 'initialInfo',
      }),
    );
    listingId = listingId ?? initialInfo?.listingId ?? null;
  }
  if (initialInfo?.responseCode === 404) return { sections: null, notFound: true, vias, contents };
  if (listingId !== null && !/^\d+$/.test(listingId)) listingId = null;

  const fetchUrl = (name: HomeDetailsSection) => () => homeDetailsUrl(target.market, name, target.propertyId, listingId, pageType);
  const source = <S extends typeof aboveTheFoldSchema | typeof belowTheFoldSchema | typeof mainHouseInfoSchema>(
    name: HomeDetailsSection,
    schema: S,
  ) => ({
    cacheMatch: SECTION_PATHS[name],
    schema,
    fetchUrl: fetchUrl(name),
    fetchedVia: 'stingray' as const,
    where: name,
  });

  const above = record('aboveTheFold', await section(ctx, cache, source('aboveTheFold', aboveTheFoldSchema)));
  if (above === null) return { sections: null, notFound: false, vias, contents };
  const [main, below] = await Promise.all([
    section(ctx, cache, source('mainHouseInfo', mainHouseInfoSchema)),
    section(ctx, cache, source('belowTheFold', belowTheFoldSchema)),
  ]);
  const floorPlans = floorPlanPhotos(cache);
  if (floorPlans.content !== null) {
    vias.photoTags = 'page-cache';
    contents.photoTags = floorPlans.content;
  }
  return {
    sections: {
      initialInfo,
      above,
      main: record('mainHouseInfo', main)?.mainHouseInfo ?? null,
      below: record('belowTheFold', below),
      floorPlanUrls: floorPlans.urls,
    },
    notFound: false,
    vias,
    contents,
  };
}

/** The listing id the page's own home-details requests used (their queryParams). */
function listingIdFromCache(cache: readonly CachedAnswer[] | null): string | null {
  for (const answer of cache ?? []) {
    const id = answer.query.listingId;
    if (answer.path.startsWith('/stingray/api/home/details/') && id !== undefined && /^\d+$/.test(id)) return id;
  }
  return null;
}

/**
 * Photos the page's photo tags label "Floor plans". Read from the page only: the tags
 * answer is keyed by listing and data source, so it is not worth a request of its own.
 */
function floorPlanPhotos(cache: readonly CachedAnswer[] | null): { urls: string[]; content: unknown } {
  const answer = findAnswer(cache, (answer) => answer.path.startsWith(STINGRAY_PATHS.photoTags));
  if (answer === null) return { urls: [], content: null };
  const content = cachedContent(answer);
  const tags = photoTagsSchema.safeParse(content);
  if (!tags.success) return { urls: [], content: null };
  const urls = Object.values(tags.data.tagsByPhotoId).flatMap((photo) => {
    const parsed = taggedPhotoSchema.safeParse(photo);
    return parsed.success && parsed.data.tags.some((tag) => /floor ?plan/i.test(tag)) ? [parsed.data.photoUrl] : [];
  });
  return { urls: distinctStrings(urls), content };
}
