import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { parseSubredditRef } from '../input/name-ref.js';
import { feedPageResult, fetchFeed, fetchJsonListing, jsonPageResult } from '../services/post-listing.js';
import { fillBodiesFromFeed } from '../services/search-companion.js';
import { withFallback } from '../upstream/fallback.js';
import { searchUrls } from '../upstream/reddit-urls.js';
import { after, cursor, pageCursor, pageLimit, timeframe } from './params.js';
import { canonicalListing } from './canonical.js';
import { listingRaw } from './raw-fields.js';

const params = z.object({
  query: z.string().trim().min(1).max(512).describe("search text; Reddit's own syntax works (author:, site:, title:, flair:, AND/OR)"),
  subreddit: z.string().min(1).max(2048).optional().describe('restrict the search to one community: name, r/name or community URL'),
  sort: z.enum(['relevance', 'hot', 'top', 'new', 'comments']).default('relevance').describe('result order'),
  timeframe: timeframe('all', 'every sort'),
  limit: pageLimit,
  cursor,
  after,
});

/** GET /v1/forum/search */
export const forumSearchEndpoint = defineEndpoint({
  path: '/v1/forum/search',
  summary: 'Search posts site-wide or in one community',
  description: [
    "Returns data.items: Post[] matching the query, in Reddit's order; Reddit may serve fewer results per page than limit (seven is common logged-out), so follow pagination.cursor.",
    "raw.posts names each result's community (with flair, post type and upvote ratio); raw.via names the surface that answered.",
    "Bodies come with the JSON results; when Reddit withholds a self post's body, the Atom feed of the same query is fetched as a companion (raw.companionFeed) and bodies missing from it are null.",
    'When the JSON surface is blocked the feed alone answers (raw.via "atom"): scores and comment counts are then null.',
  ].join(' '),
  params,
  raw: listingRaw.extend({
    companionFeed: z
      .object({
        status: z.enum(['not_needed', 'used', 'failed']),
        url: z.string().optional(),
        code: z.string().optional().describe('the error code when the feed failed'),
        matched: z.number().optional().describe('bodies the feed supplied'),
      })
      .describe('whether the Atom feed of the same query was fetched for withheld bodies'),
  }),
  flags: endpointFlags({ subscribable: true, parameterConstraints: 'cursor and after are the same value (pass one)' }),
  returns: { kind: 'list', type: 'Post' },
  normaliseParams: canonicalListing,
  async fetch(input, ctx) {
    const community = input.subreddit === undefined ? undefined : parseSubredditRef(input.subreddit, 'subreddit');
    const urls = searchUrls(input.query, community, input.sort, input.timeframe, { limit: input.limit, after: pageCursor(input) });
    return withFallback(
      async () => {
        const page = await fetchJsonListing(ctx.upstream, urls.json, 'search');
        if (page.kind === 'empty') return jsonPageResult(page, ctx.fetchedAt, input.limit);
        const companion = await fillBodiesFromFeed(ctx.upstream, urls.feed, page.posts);
        return jsonPageResult({ ...page, posts: companion.posts }, ctx.fetchedAt, input.limit, { companionFeed: companion.report });
      },
      async () => feedPageResult(await fetchFeed(ctx.upstream, urls.feed), input.limit, ctx.fetchedAt),
    );
  },
});
