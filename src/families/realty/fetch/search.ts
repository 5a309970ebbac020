import { emptyListResult } from '../../../catalogue/empty-results.js';
import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import type { SearchResultItem } from '../model.js';
import { rentalHomes, rentalsBodySchema } from '../listing/rental-schemas.js';
import { resolveMarket } from '../market.js';
import type { RealtySearchParams } from '../params.js';
import { cachedContent, findAnswer } from '../parse/data-cache.js';
import { lacksEverySurface, readPage, type RedfinPage } from '../parse/page.js';
import { jsonLdResults } from '../search/json-ld-results.js';
import { gisItem, rentalItem, type ItemContext } from '../search/result-items.js';
import { searchPageUrl, type SearchPath } from '../search/search-path.js';
import { apiQuery, GIS_PAGE_SIZE, regionOf, rentalsOffset, RENTALS_PAGE_SIZE, startOnlyQuery } from '../search/search-query.js';
import { gisHomes, gisPayloadSchema } from '../search/search-schemas.js';
import { gisUrl, rentalsSearchUrl, STINGRAY_PATHS } from '../stingray-urls.js';
import { searchTarget } from '../urls.js';
import type { Via } from './sourced.js';
import { fetchPage, fetchStingray } from './upstream-fetch.js';

interface PageOfResults {
  items: SearchResultItem[];
  hasMore: boolean;
  via: Via;
  raw: Record<string, unknown>;
}

/**
 * GET /v1/realty/search: the search page (…/page-N for the cursor's page), its embedded gis
 * or rentals answer, the gis / rentals API when it lacks one, its JSON-LD last. The cursor
 * is the next page number.
 */
export async function fetchSearch(params: RealtySearchParams, ctx: FetchContext): Promise<ListResult<SearchResultItem>> {
  const market = resolveMarket(params.tld, params.country_code);
  const { search } = searchTarget(params.url, market);
  const page = params.cursor === undefined ? search.page : Number(params.cursor);
  const pageUrl = searchPageUrl(market.origin, search, page);
  const response = await fetchPage(ctx, pageUrl);
  if (response.status === 404) return emptyListResult('not_found', { url: pageUrl, upstreamStatus: 404 });
  const redfinPage = readPage(response.body);
  if (lacksEverySurface(redfinPage)) {
    throw schemaDrift('The Redfin search page loaded but carries none of its data surfaces (no embedded API answers, no JSON-LD).', {
      url: pageUrl,
    });
  }

  const context = { market, fetchedAt: ctx.fetchedAt };
  const results = (await fromApi(ctx, redfinPage, search, page, context)) ?? fromJsonLd(redfinPage, search, page, context);
  if (results === null)
    throw schemaDrift('The Redfin search page has no search answer (embedded or from the API) and no result JSON-LD.', { url: pageUrl });
  return {
    items: results.items,
    pagination: { cursor: results.hasMore ? String(page + 1) : null, hasMore: results.hasMore },
    raw: { via: results.via, url: pageUrl, page, ...results.raw },
    ...(results.items.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}

/** Results from the page's embedded gis/rentals answer, else from the API itself. */
async function fromApi(
  ctx: FetchContext,
  page: RedfinPage,
  search: SearchPath,
  pageNumber: number,
  context: ItemContext,
): Promise<PageOfResults | null> {
  const path = search.rentals ? STINGRAY_PATHS.rentalsSearch : STINGRAY_PATHS.gis;
  const answer = findAnswer(page.dataCache, path);
  const cached = answer === null ? null : cachedContent(answer);
  if (answer !== null && cached !== null) {
    const size = Number(answer.query.num_homes) || null;
    return readResults(cached, search, pageNumber, size, page.html, context, 'page-cache', { request: answer.key });
  }
  const region = regionOf(search, page.dataCache);
  const query = region === null ? null : apiQuery(search, region, pageNumber);
  if (query === null) return null;
  if (!search.rentals) {
    const url = gisUrl(context.market, query);
    const content = await fetchStingray(ctx, url, 'gis');
    return content === null
      ? null
      : readResults(content, search, pageNumber, GIS_PAGE_SIZE, page.html, context, 'stingray', { request: url });
  }
  let url = rentalsSearchUrl(context.market, query);
  let content = await fetchStingray(ctx, url, 'rentals search');
  let paging = 'page_number+start';
  if (pageNumber > 1 && overshot(content, pageNumber)) {
    // An empty page although more homes matched: the server added start to page_number's
    // offset. Ask again the way start-style clients do.
    url = rentalsSearchUrl(context.market, startOnlyQuery(query));
    content = await fetchStingray(ctx, url, 'rentals search');
    paging = 'start';
  }
  if (content === null) return null;
  return readResults(content, search, pageNumber, RENTALS_PAGE_SIZE, page.html, context, 'rentals-api', { request: url, paging });
}

/** A rentals answer with no homes on a page that should still have some (numMatchedHomes says so). */
function overshot(content: unknown, pageNumber: number): boolean {
  const body = rentalsBodySchema.safeParse(content);
  if (!body.success || body.data.homes.length > 0) return false;
  const total = body.data.numMatchedHomes;
  return typeof total === 'number' && total > rentalsOffset(pageNumber);
}

function readResults(
  content: unknown,
  search: SearchPath,
  pageNumber: number,
  pageSize: number | null,
  html: string,
  context: ItemContext,
  via: Via,
  extra: Record<string, unknown>,
): PageOfResults | null {
  const linksNext = html.includes(`${search.basePath}/page-${pageNumber + 1}`);
  if (search.rentals) {
    const body = rentalsBodySchema.safeParse(content);
    if (!body.success) return null;
    const items = rentalHomes(body.data).map((home, index) => rentalItem(home, index + 1, context));
    const total = body.data.numMatchedHomes;
    const seen = (pageNumber - 1) * (pageSize ?? items.length) + items.length;
    const hasMore = typeof total === 'number' ? seen < total : linksNext || (pageSize !== null && items.length >= pageSize);
    return { items, hasMore: items.length > 0 && hasMore, via, raw: { ...extra, payload: content } };
  }
  const payload = gisPayloadSchema.safeParse(content);
  if (!payload.success) return null;
  const items = gisHomes(payload.data).map((home, index) => gisItem(home, index + 1, context));
  const hasMore = items.length > 0 && (linksNext || (pageSize !== null && items.length >= pageSize));
  return { items, hasMore, via, raw: { ...extra, payload: content } };
}

/** Results from the page's JSON-LD; null when it describes no results. */
function fromJsonLd(page: RedfinPage, search: SearchPath, pageNumber: number, context: ItemContext): PageOfResults | null {
  const { items, nodes } = jsonLdResults(page.jsonLd, context);
  if (items.length === 0) return null;
  const hasMore = page.html.includes(`${search.basePath}/page-${pageNumber + 1}`);
  return { items, hasMore, via: 'json-ld', raw: { jsonLd: nodes } };
}
