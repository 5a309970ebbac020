import { z } from 'zod';
import { countParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { POST_FULLNAME } from '../input/identifiers.js';

/** Parameter pieces shared by the forum endpoints (REST spelling). */

export const COMMENT_SORTS = ['confidence', 'top', 'new', 'controversial', 'old', 'qa'] as const;
/** Reddit's `t` values. */
export const TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;

/** Comment order of the comments and replies endpoints (default confidence). */
export const commentSort = z
  .enum(COMMENT_SORTS)
  .default('confidence')
  .describe('comment order: confidence (Reddit\'s "best"), top, new, controversial, old or qa');

/** Reddit's `t`: how far back top (and controversial) rankings look. */
export const timeframe = (fallback: (typeof TIMEFRAMES)[number], appliesTo: string) =>
  z.enum(TIMEFRAMES).default(fallback).describe(`time window of the ranking; applies to ${appliesTo}`);

/** Page size of post listings: 1-100, default 25. */
export const pageLimit = countParam('posts per page', { default: 25, max: 100 });

const CURSOR_MESSAGE = 'expected a post fullname such as t3_1abc2d: the pagination.cursor of a previous response';

/** Listing cursor: a t3_ fullname, validated before it reaches an upstream URL. */
export const cursor = z
  .string()
  .regex(POST_FULLNAME, CURSOR_MESSAGE)
  .optional()
  .describe('pagination.cursor of a previous response: the next page starts after that post');

/** `after` is accepted beside `cursor` on search and subreddit: the same value under Reddit's own name. */
export const after = z.string().regex(POST_FULLNAME, CURSOR_MESSAGE).optional().describe("alias of cursor (Reddit's own name for it)");

/** The page cursor from `cursor` or its alias `after`; both at once must agree. */
export function pageCursor(params: { cursor?: string | undefined; after?: string | undefined }): string | undefined {
  if (params.cursor !== undefined && params.after !== undefined && params.cursor !== params.after) {
    throw invalidParam('after', 'after is an alias of cursor: pass one of them, or the same value in both.');
  }
  return params.cursor ?? params.after;
}
