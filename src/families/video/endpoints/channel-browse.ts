import type { FetchContext } from '../../../catalogue/results.js';
import { TAB_PARAMS, type ChannelTab } from '../constants.js';
import { isChannelId, resolvableUrlOf, type ChannelRef } from '../input/refs.js';
import { removedAlertOf } from '../normalise/creator.js';
import { arrayAt, isObject, objectAt, stringAt, type Json } from '../normalise/values.js';
import { missingRoot, postInnertube, type InnertubeAnswer } from '../upstream/innertube.js';

/**
 * A channel's tab, asked the way the web app asks: a channel id goes straight to `browse`; a
 * handle or page URL is resolved to its id first (`navigation/resolve_url`).
 */

export type BrowseOutcome =
  | { kind: 'ok'; browseId: string; answer: InnertubeAnswer & { kind: 'ok' } }
  | { kind: 'empty'; reason: 'not_found' | 'removed'; browseId: string | null };

/** The channel id a reference names, or not_found. */
export async function channelIdOf(ctx: FetchContext, channel: ChannelRef): Promise<string | null> {
  if (isChannelId(channel)) return channel;
  const answer = await postInnertube(ctx, 'navigation/resolve_url', { url: resolvableUrlOf(channel) });
  if (answer.kind !== 'ok') return null;
  const endpoint = objectAt(answer.json, 'endpoint');
  if (endpoint === null) throw missingRoot('navigation/resolve_url', 'endpoint');
  const browseId = stringAt(endpoint, 'browseEndpoint', 'browseId');
  return browseId !== null && isChannelId(browseId) ? browseId : null;
}

/** A channel's tab (its header and metadata come with it), or the empty result its answer stands for. */
export async function browseChannel(ctx: FetchContext, channel: ChannelRef, tab: ChannelTab): Promise<BrowseOutcome> {
  const browseId = await channelIdOf(ctx, channel);
  if (browseId === null) return { kind: 'empty', reason: 'not_found', browseId: null };
  return browseChannelId(ctx, browseId, tab);
}

export async function browseChannelId(ctx: FetchContext, browseId: string, tab: ChannelTab): Promise<BrowseOutcome> {
  const answer = await postInnertube(ctx, 'browse', { browseId, params: TAB_PARAMS[tab] });
  // 404 for an id that names nothing, 400 for one the platform cannot read as a channel.
  if (answer.kind !== 'ok') return { kind: 'empty', reason: 'not_found', browseId };
  if (removedAlertOf(answer.json) !== null) return { kind: 'empty', reason: 'removed', browseId };
  if (!isObject(answer.json.header) && !Array.isArray(answer.json.alerts)) throw missingRoot('browse', 'header');
  return { kind: 'ok', browseId, answer };
}

/** The path ending of each tab's page, for answers whose tab params predate today's. */
const TAB_PATHS: Readonly<Record<ChannelTab, string>> = { videos: '/videos', shorts: '/shorts' };

/**
 * The entries of the asked tab: the selected tab when it is that one (by its params or page), else
 * null (a channel without the tab answers with another tab selected).
 */
export function tabEntries(browse: Json, tab: ChannelTab): unknown[] | null {
  for (const entry of arrayAt(browse, 'contents', 'twoColumnBrowseResultsRenderer', 'tabs')) {
    const renderer = objectAt(entry, 'tabRenderer') ?? objectAt(entry, 'expandableTabRenderer');
    if (renderer === null || renderer.selected !== true) continue;
    const params = stringAt(renderer, 'endpoint', 'browseEndpoint', 'params');
    const page = stringAt(renderer, 'endpoint', 'commandMetadata', 'webCommandMetadata', 'url') ?? '';
    if (params !== TAB_PARAMS[tab] && !page.endsWith(TAB_PATHS[tab])) return null;
    const content = objectAt(renderer, 'content');
    return content === null ? [] : [content];
  }
  return null;
}

/** The items of a continuation answer (`appendContinuationItemsAction`), or null without one. */
export function continuationEntries(answer: Json): unknown[] | null {
  let found: unknown[] | null = null;
  for (const key of ['onResponseReceivedActions', 'onResponseReceivedCommands', 'onResponseReceivedEndpoints']) {
    for (const action of arrayAt(answer, key)) {
      const append = objectAt(action, 'appendContinuationItemsAction') ?? objectAt(action, 'reloadContinuationItemsCommand');
      if (append !== null) found = [...(found ?? []), ...arrayAt(append, 'continuationItems')];
    }
  }
  return found;
}
