import { z } from 'zod';

/** The `raw` fields the forum endpoints' descriptions name, typed for the published contract. */

const nullableString = z.string().nullable();

/** Which surface answered a listing or a post: the JSON API, or the Atom feed when JSON is blocked. */
export const feedOrJsonVia = z.enum(['json', 'atom']).describe('the surface that answered (atom when the JSON surface is blocked)');

/** raw.posts: per post, what the unified Post has no field for, in the order of data.items. */
export const listingRaw = z.object({
  via: feedOrJsonVia,
  posts: z
    .array(
      z.object({
        id: z.string(),
        community: nullableString,
        flair: nullableString,
        postType: nullableString.describe('post_hint, or self, gallery, hosted:video or link; null from the feed'),
        upvoteRatio: z.number().nullable(),
      }),
    )
    .describe("each post's community, flair, post type and upvote ratio, in the order of data.items"),
});

/** raw.moreStubs: the load-more and continue-this-thread stubs of a comment tree. */
export const moreStubs = z
  .array(
    z.object({
      id: z.string(),
      parentId: nullableString.describe('the comment the hidden replies belong to; null for top-level stubs'),
      count: z.number().describe('comments hidden behind the stub'),
      childIds: z.array(z.string()),
      continueThread: z.boolean().describe('true for "continue this thread": deeper than depth, ids not listed'),
    }),
  )
  .describe('load-more and continue-this-thread stubs');
