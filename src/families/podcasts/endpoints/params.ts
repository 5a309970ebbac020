import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { EPISODES_LIMIT, SEARCH_LIMIT } from '../constants.js';
import { episodeId, episodePage, resolveCountry, showRef } from '../input/refs.js';

/** Parameter pieces shared by the podcasts endpoints (REST spelling), and their canonical forms. */

export const show = z
  .string()
  .min(1)
  .max(2048)
  .describe('the show: its Apple id (digits, or id followed by digits) or its page, https://podcasts.apple.com/us/podcast/NAME/idDIGITS');
export const country = z
  .string()
  .min(2)
  .max(2)
  .optional()
  .describe("the Apple store, an ISO 3166-1 alpha-2 code in any case; default the URL's, else us");
export const searchLimit = countParam('shows', SEARCH_LIMIT);
export const episodesLimit = countParam('episodes per page', EPISODES_LIMIT);
export const cursor = cursorParam(4000, "pagination.cursor of a previous page of the same show's episodes");

export const EPISODE_CONSTRAINT = 'pass exactly one of url, id, or show with guid';

export const episodeIdentity = {
  url: z.string().min(1).max(2048).optional().describe('an episode page: https://podcasts.apple.com/us/podcast/NAME/idSHOW?i=EPISODE'),
  id: z.string().min(1).max(20).optional().describe("the episode's Apple id (digits)"),
  show: show.optional(),
  guid: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe("with show: the episode's id in its feed (the item's guid, or its enclosure URL when it has no guid)"),
  country,
};

/** A show and the store to ask, canonical: the show's id and a lower-case country. */
export function canonicalShow<T extends { show: string; country?: string | undefined }>(params: T): T {
  const ref = showRef(params.show);
  return { ...params, show: ref.id, country: resolveCountry(params.country, ref.country) };
}

type EpisodeParams = {
  url?: string | undefined;
  id?: string | undefined;
  show?: string | undefined;
  guid?: string | undefined;
  country?: string | undefined;
};

/**
 * An episode named exactly one way, canonical: a page URL becomes its episode `id` with the
 * show it names (kept to check Apple's record against), so a page and an id share a cache entry
 * only when they name the same show; `show` with `guid` becomes the show's id.
 */
export function canonicalEpisode<T extends EpisodeParams>(params: T): T {
  const named = [params.url !== undefined, params.id !== undefined, params.show !== undefined || params.guid !== undefined].filter(Boolean);
  if (named.length !== 1)
    throw invalidParam(params.url !== undefined ? 'url' : params.id !== undefined ? 'id' : 'show', EPISODE_CONSTRAINT);
  if (params.url !== undefined) {
    const page = episodePage(params.url);
    return {
      ...params,
      url: `https://podcasts.apple.com/podcast/id${page.show}?i=${page.episode}`,
      country: resolveCountry(params.country, page.country),
    };
  }
  if (params.id !== undefined) return { ...params, id: episodeId(params.id), country: resolveCountry(params.country, null) };
  if (params.show === undefined || params.guid === undefined)
    throw invalidParam(params.show === undefined ? 'show' : 'guid', EPISODE_CONSTRAINT);
  const ref = showRef(params.show);
  return { ...params, show: ref.id, guid: params.guid.trim(), country: resolveCountry(params.country, ref.country) };
}
