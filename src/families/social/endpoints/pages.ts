import type { z } from 'zod';
import { emptyListResult, emptySingleResult } from '../../../catalogue/empty-results.js';
import type { FetchContext, ListResult, Pagination, SingleResult } from '../../../catalogue/results.js';
import { allWithheld, withheldNotice, withheldRaw } from '../../../catalogue/withheld.js';
import type { Creator, Post } from '../../../model/content.js';
import { OPTED_OUT_REASON } from '../constants.js';
import { isDid } from '../input/refs.js';
import { profileToCreator } from '../normalise/creator.js';
import { isOptedOut, withoutOptedOut } from '../normalise/opt-out.js';
import { postExtras, postViewToPost, type PostExtras } from '../normalise/post.js';
import { feedItemSchema, profileViewSchema, resolvedHandleSchema, type ProfileView } from '../schemas/views.js';
import { getXrpc, type XrpcAnswer } from '../upstream/xrpc.js';
import { parseShape as parseUpstreamShape } from '../../../upstream/json-body.js';

/** Pieces every social endpoint shares: reading shapes, empty results and pages of posts and profiles. */

type EmptyAnswer = Extract<XrpcAnswer, { kind: 'empty' }>;

/** Validates an answer; a mismatch is upstream_schema_drift naming the first problems. */
export const parseShape = <Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> =>
  parseUpstreamShape(schema, value, `AppView's ${what}`);

const rawOfEmpty = (answer: EmptyAnswer) => ({ via: 'xrpc', url: answer.url, error: answer.error });

export const emptySingle = (answer: EmptyAnswer): SingleResult<never> => emptySingleResult(answer.reason, rawOfEmpty(answer));
export const emptyList = (answer: EmptyAnswer): ListResult<never> => emptyListResult(answer.reason, rawOfEmpty(answer));

/** The empty result of something its author asked to keep from logged-out viewers: nothing of it in raw. */
export const optedOutSingle = (url: string): SingleResult<never> => emptySingleResult(OPTED_OUT_REASON, { via: 'xrpc', url });
export const optedOutList = (url: string): ListResult<never> => emptyListResult(OPTED_OUT_REASON, { via: 'xrpc', url });

/**
 * The platform's cursor passed on as it is: `hasMore` exactly when it sent one (a short page may
 * have more; an empty page ends the list whatever it says).
 */
export function pageAfter(upstreamCursor: string | null | undefined, upstreamItems: number): Pagination {
  const cursor = typeof upstreamCursor === 'string' && upstreamCursor !== '' && upstreamItems > 0 ? upstreamCursor : null;
  return { cursor, hasMore: cursor !== null };
}

/** The DID of an actor: itself, or the handle resolved (getFeed and getList take DIDs only). */
export async function didOf(ctx: FetchContext, actor: string): Promise<{ did: string } | EmptyAnswer> {
  if (isDid(actor)) return { did: actor };
  const answer = await getXrpc(ctx, 'com.atproto.identity.resolveHandle', { handle: actor });
  if (answer.kind === 'empty') return answer;
  return { did: parseShape(resolvedHandleSchema, answer.body, 'resolveHandle').did };
}

export interface PostPage {
  posts: Post[];
  extras: PostExtras[];
  withheld: number;
  /** True when an item shows that `actor` itself opted out (its own feed: no further request needed). */
  actorOptedOut: boolean;
}

const repostOf = (reason: { $type?: string | null } | null | undefined) => reason?.$type?.endsWith('#reasonRepost') === true;
const pinOf = (reason: { $type?: string | null } | null | undefined) => reason?.$type?.endsWith('#reasonPin') === true;

/**
 * Feed items (feedViewPost) as Posts in served order: a repost is an item of its own with the
 * original's fields and its reposter; a pinned post is marked and never repeated on its page;
 * posts and reposts by accounts that opted out are withheld and counted.
 */
export function readFeedItems(items: readonly unknown[], fetchedAt: string, actor?: string): PostPage {
  const page: PostPage = { posts: [], extras: [], withheld: 0, actorOptedOut: false };
  const isActor = (profile: ProfileView | null | undefined) =>
    actor !== undefined && profile != null && (profile.did === actor || profile.handle.toLowerCase() === actor);
  const pinned = new Set<string>();
  for (const value of items) {
    const item = parseShape(feedItemSchema, value, 'feed item');
    const by = item.reason?.by ?? null;
    if (isOptedOut(item.post.author) || isOptedOut(by)) {
      if (isActor(item.post.author) && isOptedOut(item.post.author)) page.actorOptedOut = true;
      if (isActor(by) && isOptedOut(by)) page.actorOptedOut = true;
      page.withheld += 1;
      continue;
    }
    const isPin = pinOf(item.reason);
    const isRepost = repostOf(item.reason);
    if (!isPin && !isRepost && pinned.has(item.post.uri)) continue;
    if (isPin) pinned.add(item.post.uri);
    page.posts.push(postViewToPost(item.post, fetchedAt));
    page.extras.push(postExtras(item.post, { repostedBy: isRepost && by ? by.handle.toLowerCase() : null, pinned: isPin }));
  }
  return page;
}

/** A list page of a feed: its posts, their extras, and the upstream answer with nothing of withheld accounts. */
export function feedResult(
  page: PostPage,
  url: string,
  body: unknown,
  upstreamCursor: string | null | undefined,
  upstreamItems: number,
): ListResult<Post> {
  return {
    items: page.posts,
    pagination: pageAfter(upstreamCursor, upstreamItems),
    raw: { via: 'xrpc', url, posts: page.extras, ...withheldRaw(page.withheld, OPTED_OUT_REASON), payload: withoutOptedOut(body) },
    notices: withheldNotice(page.withheld, 'post', OPTED_OUT_REASON),
    ...allWithheld(page.posts.length, page.withheld, OPTED_OUT_REASON),
  };
}

/**
 * A page of profile views as Creators (followers, list members, search hits): those of opted-out
 * accounts withheld and counted, nothing of theirs left in raw. `extras` joins raw (a list's own view).
 */
export function creatorsResult(
  views: readonly unknown[],
  answer: { url: string; body: unknown },
  upstreamCursor: string | null | undefined,
  fetchedAt: string,
  extras: Record<string, unknown> = {},
): ListResult<Creator> {
  const creators: Creator[] = [];
  let withheld = 0;
  for (const value of views) {
    const view = parseShape(profileViewSchema, value, 'profile');
    if (isOptedOut(view)) withheld += 1;
    else creators.push(profileToCreator(view, fetchedAt));
  }
  return {
    items: creators,
    pagination: pageAfter(upstreamCursor, views.length),
    raw: { via: 'xrpc', url: answer.url, ...extras, ...withheldRaw(withheld, OPTED_OUT_REASON), payload: withoutOptedOut(answer.body) },
    notices: withheldNotice(withheld, 'account', OPTED_OUT_REASON),
    ...allWithheld(creators.length, withheld, OPTED_OUT_REASON),
  };
}
