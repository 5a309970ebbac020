import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import { invalidParam } from '../../../errors.js';
import type { Creator } from '../../../model/content.js';
import { resolveCountry } from '../input/refs.js';
import { showCreator, showRaw } from '../normalise/apple.js';
import { itunesResults } from '../upstream/itunes.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import { REASONS } from './outcomes.js';
import { country, searchLimit } from './params.js';

const params = z.object({
  query: z.string().min(1).max(200).describe('what to search for in show titles and authors'),
  country,
  limit: searchLimit,
});

/** GET /v1/podcasts/search */
export const podcastsSearchEndpoint = defineEndpoint({
  path: '/v1/podcasts/search',
  summary: "Podcast shows matching a query in Apple Podcasts' directory",
  description: [
    "Returns data.items: Creator[] (shows) in Apple's order, from Apple's record alone; no cursor (hasMore false).",
    "With include_raw, raw.shows[i] holds each show's feedUrl, author, categories, explicit and episodeCount.",
    'No match is an empty result (meta.reason no_results), not charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: false }),
  returns: { kind: 'list', type: 'Creator' },
  raw: z.object({
    shows: z.array(z.record(z.string(), z.unknown())).describe("each show's feed URL, author, categories, explicit flag and episode count"),
  }),
  normaliseParams: (input) => {
    const query = input.query.trim();
    if (query === '') throw invalidParam('query', 'Invalid parameter `query`: pass some words to search for.');
    return { ...input, query, country: resolveCountry(input.country, null) };
  },
  async fetch(input, ctx): Promise<ListResult<Creator>> {
    const results = await itunesResults(ctx, '/search', {
      media: 'podcast',
      entity: 'podcast',
      term: input.query,
      country: input.country ?? 'us',
      limit: String(input.limit),
    });
    const shows = results.filter((record) => record.kind === 'podcast' && record.collectionId !== undefined).slice(0, input.limit);
    if (shows.length === 0) return emptyListResult(REASONS.noResults, { shows: [] });
    return {
      items: shows.map((record) => showCreator(record, ctx.fetchedAt)),
      pagination: { cursor: null, hasMore: false },
      raw: { shows: shows.map((record) => showRaw(record, null, null)), payload: results },
    };
  },
});
