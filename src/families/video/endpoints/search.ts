import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { SEARCH_PARAMS, type SearchSort } from '../constants.js';
import { readItems } from '../normalise/items.js';
import { arrayAt } from '../normalise/values.js';
import { missingRoot, postInnertube } from '../upstream/innertube.js';
import { continuationEntries } from './channel-browse.js';
import { canonicalQuery, cursor } from './params.js';
import { emptyList, pageOf, payloadOf, refusedCursor } from './results.js';

const params = z.object({
  query: z.string().min(1).max(500).describe('what to search for'),
  sort: z
    .enum(Object.keys(SEARCH_PARAMS) as [SearchSort, ...SearchSort[]])
    .default('relevance')
    .describe('relevance, date (newest first) or views (most viewed first)'),
  cursor,
});

/** GET /v1/video/search */
export const videoSearchEndpoint = defineEndpoint({
  path: '/v1/video/search',
  summary: 'YouTube video search',
  description: [
    'Returns data.items: Post[] of the videos a search finds, in sort order: title, the snippet as text, the channel, views (rounded text parsed; raw.posts[i].approximate names it), duration and the relative publish text.',
    'Shelves, channels, playlists and ads are skipped (raw.skipped counts them by kind). A search without videos is an empty result (meta.reason no_results), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Post', maxItems: 40 },
  raw: z.object({
    posts: z.array(z.looseObject({})).describe('per item: its id and approximate'),
    skipped: z.looseObject({}).describe('items that are not videos, counted by kind'),
  }),
  normaliseParams: canonicalQuery,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const answer =
      input.cursor === undefined
        ? await postInnertube(ctx, 'search', { params: SEARCH_PARAMS[input.sort], query: input.query })
        : await postInnertube(ctx, 'search', { continuation: input.cursor });
    if (answer.kind !== 'ok') {
      if (input.cursor !== undefined) throw refusedCursor();
      throw missingRoot('search', 'contents');
    }
    const entries =
      input.cursor === undefined
        ? answer.json.contents === undefined
          ? null
          : arrayAt(answer.json, 'contents', 'twoColumnSearchResultsRenderer', 'primaryContents', 'sectionListRenderer', 'contents')
        : continuationEntries(answer.json);
    if (entries === null) throw missingRoot('search', input.cursor === undefined ? 'contents' : 'onResponseReceivedCommands');
    const page = readItems(entries, ctx.fetchedAt);
    if (page.posts.length === 0) return emptyList('no_results', { skipped: page.skipped });
    return {
      items: page.posts,
      pagination: pageOf(page.continuation),
      raw: { via: 'innertube', posts: page.extras, skipped: page.skipped, payload: payloadOf(answer) },
    };
  },
});
