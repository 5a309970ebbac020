import { z } from 'zod';
import { lenient } from './lenient.js';

/**
 * A t1 comment. `replies` is a Listing, or "" when there are none; it is read separately
 * (see normalise/comment-tree.ts) so this schema is not recursive.
 */
export const commentDataSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+$/),
  parent_id: z.string().regex(/^t[13]_[a-z0-9]+$/),
  body: z.string(),
  created_utc: z.number(),
  author: lenient(z.string()),
  author_fullname: lenient(z.string()),
  link_id: lenient(z.string()),
  score: lenient(z.number()),
  score_hidden: lenient(z.boolean()),
  is_submitter: lenient(z.boolean()),
  stickied: lenient(z.boolean()),
  depth: lenient(z.number()),
  replies: z.unknown().optional(),
});
export type CommentData = z.output<typeof commentDataSchema>;

/**
 * A `more` stub: `count` comments (with their descendants) not loaded, listed by id in
 * `children`. The id "_" with count 0 is a "continue this thread" stub: the thread goes
 * deeper than the requested depth and is read through the comment-replies endpoint.
 */
export const moreDataSchema = z.object({
  id: z.string(),
  parent_id: z.string().regex(/^t[13]_[a-z0-9]+$/),
  count: z.number(),
  children: z.array(z.string()),
  depth: lenient(z.number()),
});
export type MoreData = z.output<typeof moreDataSchema>;

/** The flat answer of /api/morechildren. */
export const moreChildrenSchema = z.object({
  json: z.object({
    errors: z.array(z.unknown()).optional(),
    data: z.object({ things: z.array(z.object({ kind: z.string(), data: z.unknown() })) }),
  }),
});
