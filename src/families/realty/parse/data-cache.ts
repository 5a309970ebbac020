import { z } from 'zod';
import { contentOf, parseStingrayText } from './stingray-body.js';

/**
 * The API answers Redfin caches in `root.__reactServerState.InitialContext`:
 * `ReactServerAgent.cache.dataCache` maps a request key (a path, sometimes with its query)
 * to `{requestData: {urlPath, queryParams}, res: {text}}`, where `text` is the body exactly
 * as the API sent it (stingray bodies keep their `{}&&` prefix).
 */

export interface CachedAnswer {
  /** The dataCache key as written by the page. */
  key: string;
  /** The key's path, without query. */
  path: string;
  /** Query of the key merged with requestData.queryParams, as strings. */
  query: Readonly<Record<string, string>>;
  text: string;
}

const entrySchema = z.looseObject({
  requestData: z
    .looseObject({ queryParams: z.array(z.unknown()).nullish() })
    .nullish()
    .catch(null),
  res: z.looseObject({ text: z.string().nullish() }).nullish().catch(null),
});

const contextSchema = z.looseObject({
  'ReactServerAgent.cache': z.looseObject({ dataCache: z.record(z.string(), z.unknown()) }),
});

/** The answers cached in a parsed InitialContext, or null when it has no dataCache. */
export function readDataCache(initialContext: unknown): CachedAnswer[] | null {
  const context = contextSchema.safeParse(initialContext);
  if (!context.success) return null;
  const answers: CachedAnswer[] = [];
  for (const [key, value] of Object.entries(context.data['ReactServerAgent.cache'].dataCache)) {
    const entry = entrySchema.safeParse(value);
    const text = entry.success ? entry.data.res?.text : null;
    if (typeof text !== 'string' || !entry.success) continue;
    const [path = key, queryText = ''] = key.split('?', 2);
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(queryText));
    for (const params of entry.data.requestData?.queryParams ?? []) {
      if (params === null || typeof params !== 'object') continue;
      for (const [name, param] of Object.entries(params)) {
        if (typeof param === 'string' || typeof param === 'number' || typeof param === 'boolean') query[name] = String(param);
      }
    }
    answers.push({ key, path, query, text });
  }
  return answers;
}

/** Which cached answer is wanted: its exact path, or a test of the answer (path and query). */
export type AnswerMatch = string | ((answer: CachedAnswer) => boolean);

/** The first cached answer that `match` accepts. */
export function findAnswer(cache: readonly CachedAnswer[] | null, match: AnswerMatch): CachedAnswer | null {
  if (cache === null) return null;
  const test = typeof match === 'string' ? (answer: CachedAnswer) => answer.path === match : match;
  return cache.find(test) ?? null;
}

/**
 * The content of a cached answer (envelope payload or bare body); null when it is an error
 * answer or unreadable text, so the caller asks the endpoint itself instead.
 */
export function cachedContent(answer: CachedAnswer): unknown {
  try {
    return contentOf(parseStingrayText(answer.text, answer.path));
  } catch {
    return null;
  }
}
