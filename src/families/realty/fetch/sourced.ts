import type { z } from 'zod';
import type { FetchContext } from '../../../catalogue/results.js';
import { cachedContent, findAnswer, type AnswerMatch, type CachedAnswer } from '../parse/data-cache.js';
import { fetchSection, fetchStingray } from './upstream-fetch.js';

/**
 * Where a piece of a result came from, recorded in raw.via and raw.sections:
 * - `page-cache`: an API answer embedded in the page's root.__reactServerState.InitialContext dataCache;
 * - `stingray`: a stingray JSON endpoint fetched because the page lacked that answer;
 * - `rentals-api`: the rentals JSON API (/stingray/api/v1/rentals…, /v1/search/rentals), fetched likewise;
 * - `json-ld`: the page's schema.org JSON-LD, the last resort.
 */
export const VIAS = ['page-cache', 'stingray', 'rentals-api', 'json-ld'] as const;
export type Via = (typeof VIAS)[number];

export interface Sourced<T> {
  value: T;
  via: Via;
  /** The untouched content (payload or bare body), kept for raw. */
  content: unknown;
}

export interface SectionSource<T extends z.ZodType> {
  /** Which cached answer holds the section. */
  cacheMatch: AnswerMatch;
  schema: T;
  /** The endpoint to ask when the page lacks it; null when it cannot be asked. */
  fetchUrl: () => string | null;
  fetchedVia: 'stingray' | 'rentals-api';
  where: string;
}

/**
 * One section of a result: from the page's cache when it is there, else from its endpoint.
 * Null when neither has it (or its content has an unreadable shape): callers fall back.
 */
export async function section<T extends z.ZodType>(
  ctx: FetchContext,
  cache: readonly CachedAnswer[] | null,
  source: SectionSource<T>,
): Promise<Sourced<z.output<T>> | null> {
  const answer = findAnswer(cache, source.cacheMatch);
  if (answer) {
    const content = cachedContent(answer);
    const parsed = source.schema.safeParse(content);
    if (content !== null && parsed.success) return { value: parsed.data as z.output<T>, via: 'page-cache', content };
  }
  const url = source.fetchUrl();
  if (url === null) return null;
  const content = await fetchStingray(ctx, url, source.where);
  if (content === null) return null;
  const parsed = source.schema.safeParse(content);
  return parsed.success ? { value: parsed.data as z.output<T>, via: source.fetchedVia, content } : null;
}

/** A section whose fetch may fail without failing the result: what was read, or why nothing was. */
export interface OptionalSection<T> {
  sourced: Sourced<T> | null;
  /** Why the fetched answer could not be used ("HTTP 500", "an unreadable answer", …); null when nothing failed. */
  missing: string | null;
}

/**
 * Like section, but a failing fetch (error status, error envelope, unreadable or unexpected
 * body) is reported in `missing` instead of thrown, so the caller can return a partial result.
 */
export async function optionalSection<T extends z.ZodType>(
  ctx: FetchContext,
  cache: readonly CachedAnswer[] | null,
  source: SectionSource<T>,
): Promise<OptionalSection<z.output<T>>> {
  const answer = findAnswer(cache, source.cacheMatch);
  if (answer) {
    const content = cachedContent(answer);
    const parsed = source.schema.safeParse(content);
    if (content !== null && parsed.success)
      return { sourced: { value: parsed.data as z.output<T>, via: 'page-cache', content }, missing: null };
  }
  const url = source.fetchUrl();
  if (url === null) return { sourced: null, missing: null };
  const fetched = await fetchSection(ctx, url, source.where);
  if ('missing' in fetched) return { sourced: null, missing: fetched.missing };
  const parsed = source.schema.safeParse(fetched.content);
  if (!parsed.success) return { sourced: null, missing: 'an answer of an unexpected shape' };
  return { sourced: { value: parsed.data as z.output<T>, via: source.fetchedVia, content: fetched.content }, missing: null };
}

/** raw.via of a result: json-ld when its core came from JSON-LD, else the most remote surface used. */
export function overallVia(vias: readonly Via[]): Via {
  for (const via of ['json-ld', 'rentals-api', 'stingray'] as const) if (vias.includes(via)) return via;
  return 'page-cache';
}
