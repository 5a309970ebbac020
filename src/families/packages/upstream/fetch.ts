import type { FetchContext } from '../../../catalogue/results.js';
import { pickJson, type JsonSelection } from '../../../upstream/json-pick.js';
import type { BodyReader } from '../../../catalogue/upstream.js';
import { CRATES_HOST, CRATES_USER_AGENT, MAX_DOCUMENT_BYTES, MAX_KEPT_BYTES } from '../constants.js';
import { INTERPRETED_STATUSES, readAnswer, type Answer } from './answers.js';

/** The family's one way to GET a registry: JSON, anonymous, crates.io with its identifying User-Agent. */

export async function getJson(ctx: FetchContext, url: string, reader?: BodyReader): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (URL.parse(url)?.hostname === CRATES_HOST) headers['user-agent'] = CRATES_USER_AGENT;
  const response = await ctx.upstream.fetch({
    url,
    headers,
    passStatuses: INTERPRETED_STATUSES,
    ...(reader ? { bodyReader: reader } : {}),
  });
  return readAnswer(response);
}

/**
 * A reader that streams a document of unbounded size (every version ever published) and keeps
 * only `selection`: the body the family then parses is that kept part, as compact JSON.
 */
export function documentReader(id: string, selection: JsonSelection): BodyReader {
  return {
    id,
    maxBytes: MAX_DOCUMENT_BYTES,
    async read(chunks) {
      return JSON.stringify(await pickJson(chunks, selection, { maxKeptBytes: MAX_KEPT_BYTES }));
    },
  };
}

type QueryValue = string | number | undefined;

export function withQuery(base: string, query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? base : `${base}?${text}`;
}
