import { z } from 'zod';
import { defineEndpoint, endpointFlags } from '../../../catalogue/endpoint.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { feedPageSchema } from '../schemas/views.js';
import { getXrpc } from '../upstream/xrpc.js';
import { emptyList, feedResult, optedOutList, parseShape, readFeedItems } from './pages.js';
import { canonicalActor, cursor, handle, HANDLE_FORMS, pageLimit } from './params.js';

/** The gateway's filter names and the platform's. */
export const AUTHOR_FEED_FILTERS = {
  posts: 'posts_no_replies',
  posts_and_replies: 'posts_with_replies',
  media: 'posts_with_media',
  video: 'posts_with_video',
  threads: 'posts_and_author_threads',
} as const;

const params = z.object({
  handle,
  filter: z
    .enum(Object.keys(AUTHOR_FEED_FILTERS) as [keyof typeof AUTHOR_FEED_FILTERS, ...(keyof typeof AUTHOR_FEED_FILTERS)[]])
    .default('posts')
    .describe("posts (no replies), posts_and_replies, media, video, or threads (posts and the author's own threads)"),
  limit: pageLimit(100, 30),
  cursor,
});

/** GET /v1/social/profile/posts */
export const socialProfilePostsEndpoint = defineEndpoint({
  path: '/v1/social/profile/posts',
  summary: "A Bluesky account's posts and reposts, newest first",
  description: [
    "Returns data.items: Post[] newest first. A repost is an item of its own with the original post's fields; raw.posts[i].repostedBy names the reposter.",
    'The first page starts with the pinned post (raw.posts[0].pinned true), never repeated on that page. raw.posts[i] also gives the quoted post (quote) and the language.',
    "Posts and reposts of accounts that asked not to be shown to logged-out viewers are left out (meta.warnings says how many); such an account's own feed is an empty result with meta.reason author_opted_out.",
    'A missing account is an empty result (meta.reason not_found), never charged.',
  ].join(' '),
  params,
  flags: endpointFlags({ subscribable: true, parameterConstraints: HANDLE_FORMS }),
  returns: { kind: 'list', type: 'Post' },
  raw: z.object({ posts: z.array(z.looseObject({})).describe('per item: its uri, repostedBy, pinned, quote and language') }),
  normaliseParams: canonicalActor,
  async fetch(input, ctx): Promise<ListResult<Post>> {
    const answer = await getXrpc(ctx, 'app.bsky.feed.getAuthorFeed', {
      actor: input.handle,
      filter: AUTHOR_FEED_FILTERS[input.filter],
      limit: input.limit,
      cursor: input.cursor,
      includePins: input.cursor === undefined ? true : undefined,
    });
    if (answer.kind === 'empty') return emptyList(answer);
    const body = parseShape(feedPageSchema, answer.body, 'getAuthorFeed');
    const page = readFeedItems(body.feed, ctx.fetchedAt, input.handle);
    if (page.actorOptedOut) return optedOutList(answer.url);
    return feedResult(page, answer.url, answer.body, body.cursor, body.feed.length);
  },
});
