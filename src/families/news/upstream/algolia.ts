import type { FetchContext } from '../../../catalogue/results.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { ALGOLIA_ORIGIN } from '../constants.js';
import { algoliaSearchSchema } from '../schemas/algolia.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

/**
 * HN Search. Its 429 is left to the upstream layer, which marks the host spent for every
 * process (see rate-budget.ts) and answers upstream_rate_limited; 401, 403 and other 5xx are
 * upstream_blocked there.
 */

const HEADERS: Readonly<Record<string, string>> = { accept: 'application/json' };

/** Statuses of the item tree that send the comment walk to Firebase instead. */
const FALLBACK_STATUSES: readonly number[] = [404, 500, 502, 503, 504];

export interface SearchQuery {
  /** search (relevance) or search_by_date (newest first). */
  index: 'search' | 'search_by_date';
  query?: string | undefined;
  tags?: string | undefined;
  page: number;
  hitsPerPage: number;
}

export function searchUrl(query: SearchQuery): string {
  const search = new URLSearchParams();
  if (query.query !== undefined) search.set('query', query.query);
  if (query.tags !== undefined) search.set('tags', query.tags);
  search.set('page', String(query.page));
  search.set('hitsPerPage', String(query.hitsPerPage));
  return `${ALGOLIA_ORIGIN}/${query.index}?${search.toString()}`;
}

export const treeUrl = (id: string): string => `${ALGOLIA_ORIGIN}/items/${id}`;

export interface SearchAnswer {
  url: string;
  hits: unknown[];
  page: number;
  nbPages: number;
  nbHits: number | null;
  payload: unknown;
}

export async function search(ctx: FetchContext, query: SearchQuery): Promise<SearchAnswer> {
  const url = searchUrl(query);
  const response = await ctx.upstream.fetch({ url, headers: { ...HEADERS } });
  const payload = parseJsonBody(response, 'search');
  const body = parseShape(algoliaSearchSchema, payload, 'search');
  return { url, hits: body.hits, page: body.page ?? query.page, nbPages: body.nbPages ?? 0, nbHits: body.nbHits ?? null, payload };
}

/** The whole tree under an item, or the status that says Algolia cannot answer for it. */
export async function getTree(
  ctx: FetchContext,
  id: string,
): Promise<{ kind: 'ok'; payload: unknown } | { kind: 'unavailable'; status: number }> {
  const response: UpstreamResponse = await ctx.upstream.fetch({
    url: treeUrl(id),
    headers: { ...HEADERS },
    passStatuses: FALLBACK_STATUSES,
  });
  if (FALLBACK_STATUSES.includes(response.status)) return { kind: 'unavailable', status: response.status };
  return { kind: 'ok', payload: parseJsonBody(response, 'item tree') };
}
