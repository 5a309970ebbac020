import type { FetchContext } from '../../../catalogue/results.js';
import type { Upstream, UpstreamResponse } from '../../../catalogue/upstream.js';
import { invalidParam } from '../../../errors.js';
import { ANONYMOUS_PAGE_CAP, API_ORIGIN } from '../constants.js';
import { answerOf, type Wrapper } from './wrapper.js';

/**
 * Every API GET is built here, the same way wherever it is asked for, so concurrent callers share
 * one request: the site, `order=desc`, a `sort` always (its default included), `pagesize` and
 * `page` for lists, and the `withbody` filter for every question and answer request (the default
 * filter has none); a user alone takes the default filter. Errors come as HTTP 400 with the
 * error wrapper, which the family reads itself; other statuses are the upstream layer's to classify.
 */

export interface ApiQuery {
  site: string;
  filter?: 'withbody';
  sort?: string;
  page?: number;
  pagesize?: number;
  /** Further parameters of the method (`tagged`, `q`, `title`, `accepted`, `answers`). */
  extra?: Readonly<Record<string, string | undefined>>;
}

export function apiUrl(path: string, query: ApiQuery): string {
  const params = new URLSearchParams();
  params.set('site', query.site);
  if (query.sort !== undefined) {
    params.set('order', 'desc');
    params.set('sort', query.sort);
  }
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pagesize !== undefined) params.set('pagesize', String(query.pagesize));
  for (const [name, value] of Object.entries(query.extra ?? {})) if (value !== undefined) params.set(name, value);
  if (query.filter !== undefined) params.set('filter', query.filter);
  return `${API_ORIGIN}${path}?${params.toString()}`;
}

export interface ApiAnswer extends Wrapper {
  items: Record<string, unknown>[];
  /** The URL asked (without any key). */
  url: string;
  /** Whether the request went with a registration key (the key itself is never kept). */
  keyed: boolean;
}

/** GETs one API URL and reads its wrapper; an error wrapper is thrown as the gateway error it stands for. */
export async function getApi(ctx: FetchContext, url: string): Promise<ApiAnswer> {
  const response: UpstreamResponse = await ctx.upstream.fetch({ url, headers: { accept: 'application/json' }, passStatuses: [400] });
  const wrapper = answerOf(response);
  return { ...wrapper, url, keyed: URL.parse(response.url)?.searchParams.has('key') === true };
}

/**
 * The family's upstream with its settings bound: the optional registration key goes as the `key`
 * query parameter of every request. Without a key the API serves no page past the 25th, so such a
 * page is never asked (a cursor naming it is refused before any request).
 */
export function keyedUpstream(upstream: Upstream, key: string | undefined): Upstream {
  return {
    fetch(request) {
      const url = new URL(request.url);
      if (key !== undefined && key !== '') url.searchParams.set('key', key);
      else if (Number(url.searchParams.get('page') ?? '1') > ANONYMOUS_PAGE_CAP)
        return Promise.reject(invalidParam('cursor', `Without a key the API serves no page past the ${ANONYMOUS_PAGE_CAP}th.`));
      return upstream.fetch({ ...request, url: url.href });
    },
  };
}
