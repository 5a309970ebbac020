import type { FetchContext } from '../../../catalogue/results.js';
import { API_HEADERS, API_ORIGIN, WEB_HEADERS, WEB_ORIGIN } from '../constants.js';
import { INTERPRETED_STATUSES, readAnswer, type Answer } from './answers.js';

/**
 * The family's two doors to the platform: the REST API (JSON, pinned version) and the web
 * site (the trending pages). Callers pass paths built from checked names only; query values
 * are encoded here.
 */

type QueryValue = string | number | undefined;

export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  return withQuery(`${API_ORIGIN}${path}`, query);
}

export function webUrl(path: string, query: Record<string, QueryValue> = {}): string {
  return withQuery(`${WEB_ORIGIN}${path}`, query);
}

function withQuery(base: string, query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? base : `${base}?${text}`;
}

/** GET on the API: usable answer, empty result (404, 410, 451), or a thrown failure. */
export async function getApi(ctx: FetchContext, url: string, extraStatuses: readonly number[] = []): Promise<Answer> {
  const response = await ctx.upstream.fetch({
    url,
    headers: { ...API_HEADERS },
    passStatuses: [...INTERPRETED_STATUSES, ...extraStatuses],
  });
  if (extraStatuses.includes(response.status)) return { kind: 'ok', response };
  return readAnswer(response, Date.parse(ctx.fetchedAt));
}

/** GET of a web page (HTML), with the same status reading as the API. */
export async function getWeb(ctx: FetchContext, url: string): Promise<Answer> {
  const response = await ctx.upstream.fetch({ url, headers: { ...WEB_HEADERS }, passStatuses: INTERPRETED_STATUSES });
  return readAnswer(response, Date.parse(ctx.fetchedAt));
}
