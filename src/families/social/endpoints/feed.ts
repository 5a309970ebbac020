import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { COLLECTIONS } from '../constants.js';
import { parseRecord } from '../input/refs.js';
import { feedPageSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { didOf, emptyList, feedResult, parseShape, readFeedItems } from './pages.js';
import { canonicalRecord, cursor, feedUrl, pageLimit, recordForms } from './params.js';

const params = z.object({ url: feedUrl, limit: pageLimit(100, 30), cursor });

/** GET /v1/social/feed */
export const socialFeedEndpoint = defineEndpoint({
  path: '/v1/social/feed',
  summary: 'A custom feed (feed generator) of Bluesky, in the order it serves',
  description: [
    "Returns data.items: Post[] in the feed's own order (not by time); raw.posts[i] gives the reposter, the quoted post and the language of each.",
    'A feed URL naming its owner by handle costs one more upstream request (the handle is resolved), never another credit.',
    'Posts of accounts that asked not to be shown to logged-out viewers are left out (meta.warnings says how many). A missing feed is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: recordForms('feed') }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({ posts: z.array(z.looseObject({})).describe('per item: its uri, repostedBy, quote and language') }),
  normaliseParams: canonicalRecord('feed'),
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const ref = parseRecord(input.url, 'feed');
    const owner = await didOf(ctx, ref.actor);
    if ('kind' in owner) return emptyList(owner);
    const answer = await getXrpc(ctx, 'app.bsky.feed.getFeed', {
      feed: `at://${owner.did}/${COLLECTIONS.feed}/${ref.rkey}`,
      limit: input.limit,
      cursor: input.cursor,
    });
    if (answer.kind === 'empty') return emptyList(answer);
    const body = parseShape(feedPageSchema, answer.body, 'getFeed');
    return feedResult(readFeedItems(body.feed, ctx.fetchedAt), answer.url, answer.body, body.cursor, body.feed.length);
  },
});
