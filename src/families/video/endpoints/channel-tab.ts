import type { FetchContext, ListResult } from '../../../catalogue/results.js';
import { isGatewayError } from '../../../errors.js';
import type { Post } from '../../../model/content.js';
import { VIDEO_ORIGIN, type ChannelTab } from '../constants.js';
import { isChannelId, type ChannelRef } from '../input/refs.js';
import { ownerOf } from '../normalise/creator.js';
import { readChannelFeed } from '../normalise/feed.js';
import { readItems, type ItemPage, type ListOwner } from '../normalise/items.js';
import { getText, missingRoot, postInnertube, type InnertubeAnswer } from '../upstream/innertube.js';
import { browseChannel, browseChannelId, continuationEntries, tabEntries, type BrowseOutcome } from './channel-browse.js';
import { emptyList, pageOf, payloadOf, refusedCursor } from './results.js';

/** A page of a channel's Videos or Shorts tab: the first through browse, later ones by continuation alone. */

function listResult(page: ItemPage, answer: InnertubeAnswer): ListResult<Post> {
  return {
    items: page.posts,
    pagination: pageOf(page.continuation),
    raw: { via: 'browse', posts: page.extras, skipped: page.skipped, payload: payloadOf(answer) },
    ...(page.posts.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}

export async function channelTabPage(
  ctx: FetchContext,
  input: { handle: ChannelRef; cursor?: string | undefined },
  tab: ChannelTab,
): Promise<ListResult<Post>> {
  if (input.cursor !== undefined) return continuationPage(ctx, input.cursor, isChannelId(input.handle) ? { authorId: input.handle } : {});
  let outcome: BrowseOutcome;
  try {
    outcome = isChannelId(input.handle) ? await browseChannelId(ctx, input.handle, tab) : await browseChannel(ctx, input.handle, tab);
  } catch (error) {
    // The feed answers for a channel id whose browse is refused (never for a rate limit: that host is spent).
    if (tab === 'videos' && isChannelId(input.handle) && isGatewayError(error) && error.code === 'upstream_blocked') {
      const fallback = await feedPage(ctx, input.handle);
      if (fallback !== null) return fallback;
    }
    throw error;
  }
  if (outcome.kind === 'empty') return emptyList(outcome.reason, { via: 'browse' });
  const entries = tabEntries(outcome.answer.json, tab);
  if (entries === null) return emptyList('no_results', { via: 'browse' });
  return listResult(readItems(entries, ctx.fetchedAt, ownerOf(outcome.answer.json)), outcome.answer);
}

async function continuationPage(ctx: FetchContext, token: string, owner: ListOwner): Promise<ListResult<Post>> {
  const answer = await postInnertube(ctx, 'browse', { continuation: token });
  if (answer.kind !== 'ok') throw refusedCursor();
  const entries = continuationEntries(answer.json);
  if (entries === null) throw missingRoot('browse', 'onResponseReceivedActions');
  return listResult(readItems(entries, ctx.fetchedAt, owner), answer);
}

/** The channel feed's latest uploads, or null when it does not answer with one (the browse failure stands). */
async function feedPage(ctx: FetchContext, channelId: string): Promise<ListResult<Post> | null> {
  const url = `${VIDEO_ORIGIN}/feeds/videos.xml?channel_id=${channelId}`;
  let posts: Post[] | null;
  try {
    posts = readChannelFeed((await getText(ctx, url, 'application/atom+xml, application/xml')).body, ctx.fetchedAt);
  } catch {
    return null;
  }
  if (posts === null) return null;
  return {
    items: posts,
    pagination: { cursor: null, hasMore: false },
    raw: { via: 'feed', url },
    ...(posts.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}
