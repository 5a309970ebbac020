import type { FetchContext, SingleResult } from '../../../catalogue/results.js';
import { schemaDrift } from '../../../errors.js';
import { lacksEverySurface, readPage, type RedfinPage } from '../parse/page.js';
import { fetchPage } from './upstream-fetch.js';

/** A fetched page, or the empty result of a page Redfin answers 404. */
export type PageOutcome = { page: RedfinPage } | { empty: SingleResult<never> };

/**
 * Fetches and reads a Redfin page. A 404 page is an empty result (not_found); a page with
 * neither embedded API answers nor JSON-LD cannot be read and is schema drift.
 */
export async function loadPage(ctx: FetchContext, pageUrl: string): Promise<PageOutcome> {
  const response = await fetchPage(ctx, pageUrl);
  if (response.status === 404) return { empty: notFound(pageUrl, 404) };
  const page = readPage(response.body);
  if (lacksEverySurface(page)) {
    throw schemaDrift('The Redfin page loaded but carries none of its data surfaces (no embedded API answers, no JSON-LD).', {
      url: pageUrl,
    });
  }
  return { page };
}

/** The empty result of something Redfin says does not exist. */
export function notFound(pageUrl: string, upstreamStatus: number | null): SingleResult<never> {
  return { data: null, raw: { url: pageUrl, upstreamStatus }, emptyReason: 'not_found' };
}
