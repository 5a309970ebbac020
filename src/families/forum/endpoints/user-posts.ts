import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import { parseUsernameRef } from '../input/name-ref.js';
import { fetchPostListing } from '../services/post-listing.js';
import { userSubmittedUrls } from '../upstream/reddit-urls.js';
import { cursor, pageLimit, timeframe } from './params.js';
import { canonicalUser } from './canonical.js';
import { listingRaw } from './raw-fields.js';

const params = z.object({
  username: z.string().min(1).max(2048).describe('account name, name with u/ prefix, or profile URL'),
  sort: z.enum(['new', 'hot', 'top']).default('new').describe('listing order; new is newest first'),
  timeframe: timeframe('all', 'sort=top'),
  limit: pageLimit,
  cursor,
});

/** GET /v1/forum/user/posts */
export const forumUserPostsEndpoint = defineEndpoint({
  path: '/v1/forum/user/posts',
  summary: "An account's submitted posts, newest first by default",
  description: [
    "Returns data.items: Post[] submitted by the account, newest first unless sort says otherwise; pagination.cursor is the next page's start.",
    "raw.posts adds each post's community, flair, Reddit post type and upvote ratio.",
    'Missing or suspended accounts are empty results (meta.reason not_found or suspended), never charged.',
    'When the JSON surface is blocked the account\'s Atom feed answers instead (raw.via "atom"): scores and comment counts are then null.',
  ].join(' '),
  params,
  raw: listingRaw,
  flags: endpointFlags({ subscribable: true, parameterConstraints: 'timeframe applies only to sort=top' }),
  returns: { kind: 'list', type: 'Post' },
  normaliseParams: canonicalUser,
  async fetch(input, ctx) {
    const name = parseUsernameRef(input.username, 'username');
    const urls = userSubmittedUrls(name, input.sort, input.sort === 'top' ? input.timeframe : undefined, {
      limit: input.limit,
      after: input.cursor,
    });
    return fetchPostListing(ctx.upstream, urls, { limit: input.limit, fetchedAt: ctx.fetchedAt, what: 'account submissions' });
  },
});
