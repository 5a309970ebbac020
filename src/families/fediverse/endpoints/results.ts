import type { z } from 'zod';
import type { ListResult, Pagination, SingleResult } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { isOptedOut } from '../normalise/consent.js';
import { postExtras, shownStatus, statusToPost, type PostExtras } from '../normalise/post.js';
import { statusSchema, type Status } from '../schemas/mastodon.js';
import type { ApiAnswer } from '../upstream/api.js';
import { parseShape as parseUpstreamShape } from '../../../upstream/json-body.js';

/** Pieces every fediverse endpoint shares: reading shapes, empty results, pages and withheld counts. */

type EmptyAnswer = Extract<ApiAnswer, { kind: 'empty' }>;

/** Validates an answer; a mismatch is upstream_schema_drift naming the first problems. */
export const parseShape = <Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> =>
  parseUpstreamShape(schema, value, `instance's ${what}`);

const rawOfEmpty = (answer: EmptyAnswer) => ({ via: 'api', url: answer.url, error: answer.error });
const NO_PAGE: Pagination = { cursor: null, hasMore: false };

export const emptySingle = (answer: EmptyAnswer): SingleResult<never> => ({
  data: null,
  raw: rawOfEmpty(answer),
  emptyReason: answer.reason,
});
export const emptyList = (answer: EmptyAnswer): ListResult<never> => ({
  items: [],
  pagination: NO_PAGE,
  raw: rawOfEmpty(answer),
  emptyReason: answer.reason,
});

/** An empty result with a reason and nothing of the upstream answer in raw (withheld, suspended). */
export const reasonedSingle = (url: string, reason: string): SingleResult<never> => ({
  data: null,
  raw: { via: 'api', url },
  emptyReason: reason,
});
export const reasonedList = (url: string, reason: string): ListResult<never> => ({
  items: [],
  pagination: NO_PAGE,
  raw: { via: 'api', url },
  emptyReason: reason,
});

/** The meta.warnings line of items left out, e.g. "2 posts withheld: author_opted_out". */
export function withheldNotice(count: number, noun: 'post' | 'reply' | 'account', reason = OPTED_OUT_REASON): string[] {
  if (count === 0) return [];
  const plural = noun === 'reply' ? 'replies' : `${noun}s`;
  return [`${count} ${count === 1 ? noun : plural} withheld: ${reason}`];
}

/** A page that withholding left empty is empty for that reason. */
export const allWithheld = (kept: number, withheld: number) => (kept === 0 && withheld > 0 ? { emptyReason: OPTED_OUT_REASON } : {});

export interface StatusPage {
  posts: Post[];
  extras: PostExtras[];
  withheld: number;
}

/**
 * Timeline statuses as Posts in served order: a reblog is an item with the original's fields;
 * statuses (or reblogs) by accounts that opted out are withheld and counted, nothing of theirs kept.
 */
export function readStatuses(items: readonly unknown[], host: string, fetchedAt: string): StatusPage {
  const page: StatusPage = { posts: [], extras: [], withheld: 0 };
  for (const value of items) {
    const status: Status = parseShape(statusSchema, value, 'status');
    if (isOptedOut(status.account) || isOptedOut(shownStatus(status).account)) {
      page.withheld += 1;
      continue;
    }
    page.posts.push(statusToPost(status, host, fetchedAt));
    page.extras.push(postExtras(status, host));
  }
  return page;
}

/** A page of statuses as a list result: the cursor is the next link's `max_id`, hasMore exactly when it came. */
export function statusPageResult(page: StatusPage, url: string, nextMaxId: string | null): ListResult<Post> {
  return {
    items: page.posts,
    pagination: { cursor: nextMaxId, hasMore: nextMaxId !== null },
    raw: {
      via: 'api',
      url,
      posts: page.extras,
      ...(page.withheld > 0 ? { withheld: { count: page.withheld, reason: OPTED_OUT_REASON } } : {}),
    },
    notices: withheldNotice(page.withheld, 'post'),
    ...allWithheld(page.posts.length, page.withheld),
  };
}
