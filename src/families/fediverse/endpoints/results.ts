import type { z } from 'zod';
import { emptyListResult, emptySingleResult } from '../../../catalogue/empty-results.js';
import type { ListResult, SingleResult } from '../../../catalogue/results.js';
import { allWithheld, withheldNotice, withheldRaw } from '../../../catalogue/withheld.js';
import type { Post } from '../../../model/content.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { isOptedOut } from '../normalise/consent.js';
import { postExtras, shownStatus, statusToPost, type PostExtras } from '../normalise/post.js';
import { statusSchema, type Status } from '../schemas/mastodon.js';
import type { ApiAnswer } from '../upstream/api.js';
import { parseShape as parseUpstreamShape } from '../../../upstream/json-body.js';

/** Pieces every fediverse endpoint shares: reading shapes, empty results and pages of statuses. */

type EmptyAnswer = Extract<ApiAnswer, { kind: 'empty' }>;

/** Validates an answer; a mismatch is upstream_schema_drift naming the first problems. */
export const parseShape = <Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> =>
  parseUpstreamShape(schema, value, `instance's ${what}`);

const rawOfEmpty = (answer: EmptyAnswer) => ({ via: 'api', url: answer.url, error: answer.error });

export const emptySingle = (answer: EmptyAnswer): SingleResult<never> => emptySingleResult(answer.reason, rawOfEmpty(answer));
export const emptyList = (answer: EmptyAnswer): ListResult<never> => emptyListResult(answer.reason, rawOfEmpty(answer));

/** An empty result with a reason and nothing of the upstream answer in raw (withheld, suspended). */
export const reasonedSingle = (url: string, reason: string): SingleResult<never> => emptySingleResult(reason, { via: 'api', url });
export const reasonedList = (url: string, reason: string): ListResult<never> => emptyListResult(reason, { via: 'api', url });

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
      ...withheldRaw(page.withheld, OPTED_OUT_REASON),
    },
    notices: withheldNotice(page.withheld, 'post', OPTED_OUT_REASON),
    ...allWithheld(page.posts.length, page.withheld, OPTED_OUT_REASON),
  };
}
