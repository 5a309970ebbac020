import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { parseSubredditRef } from '../input/name-ref.js';
import { fetchPostListing } from '../services/post-listing.js';
import { subredditListingUrls } from '../upstream/reddit-urls.js';
import { after, cursor, pageCursor, pageLimit, timeframe } from './params.js';
import { canonicalListing } from './canonical.js';
import { listingRaw } from './raw-fields.js';

const RANKED_SORTS: ReadonlySet<string> = new Set(['top', 'controversial']);

const params = z.object({
  subreddit: z.string().min(1).max(2048).describe('community name, name with r/ prefix, or full community URL'),
  sort: z.enum(['hot', 'new', 'top', 'rising', 'controversial']).default('hot').describe('listing order'),
  timeframe: timeframe('day', 'sort=top and sort=controversial'),
  limit: pageLimit,
  cursor,
  after,
});

/** GET /v1/forum/subreddit */
export const forumSubredditEndpoint = defineEndpoint({
  path: '/v1/forum/subreddit',
  summary: "A community's posts (hot, new, top, rising or controversial), one page at a time",
  description: [
    "Returns data.items: Post[] in the order Reddit serves them; pagination.cursor is the next page's start (send it back as cursor or after).",
    "raw.posts adds each post's community, flair, Reddit post type (post_hint, or self/gallery/hosted:video/link) and upvote ratio.",
    'Private, quarantined, banned and non-existent communities are empty results with meta.reason (private, quarantined, banned, not_found), never charged and never upstream_blocked.',
    'When only the Atom feed answers (raw.via "atom"), scores, comment counts and flair are null, and the cursor is the last post when the page came back full.',
  ].join(' '),
  params,
  raw: listingRaw,
  flags: endpointFlags({
    subscribable: true,
    parameterConstraints: 'cursor and after are the same value (pass one); timeframe applies only to sort=top and sort=controversial',
  }),
  returns: { kind: 'list', type: 'Post' },
  normaliseParams: canonicalListing,
  async fetch(input, ctx) {
    const name = parseSubredditRef(input.subreddit, 'subreddit');
    const ranked = RANKED_SORTS.has(input.sort) ? input.timeframe : undefined;
    const urls = subredditListingUrls(name, input.sort, ranked, { limit: input.limit, after: pageCursor(input) });
    return fetchPostListing(ctx.upstream, urls, { limit: input.limit, fetchedAt: ctx.fetchedAt, what: 'community listing' });
  },
});
