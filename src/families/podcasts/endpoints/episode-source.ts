import type { FetchContext } from '../../../catalogue/results.js';
import type { Post } from '../../../model/content.js';
import { appleEpisodePost, showRaw, str } from '../normalise/apple.js';
import type { ChannelInfo } from '../normalise/channel.js';
import { episodePost, episodeRaw } from '../normalise/episode.js';
import type { FeedItem } from '../normalise/item.js';
import { fetchFeed } from '../upstream/feed.js';
import { lookupEpisode, lookupShow, type AppleRecord } from '../upstream/itunes.js';
import { REASONS } from './outcomes.js';

/**
 * Finds one episode for the episode and transcript endpoints. By `url` or `id`: Apple's episode
 * record, then its show's feed until the item with the record's guid; an item the feed lacks, or
 * a feed that is gone, leaves Apple's record (with a warning). By `show` and
 * `guid`: the show's record, then its feed until that item (absent: not_found).
 */

export interface EpisodeQuery {
  url?: string | undefined;
  id?: string | undefined;
  show?: string | undefined;
  guid?: string | undefined;
  country?: string | undefined;
}

export type EpisodeSource =
  | { kind: 'feed'; post: Post; item: FeedItem; channel: ChannelInfo; raw: Record<string, unknown> }
  | { kind: 'apple'; post: Post; raw: Record<string, unknown>; warnings: string[] }
  | { kind: 'empty'; reason: string; raw: Record<string, unknown> };

const pageIds = (url: string): { show: string; episode: string } => {
  const parsed = new URL(url);
  return { show: /id(\d+)/.exec(parsed.pathname)![1]!, episode: parsed.searchParams.get('i')! };
};

export async function findEpisode(ctx: FetchContext, query: EpisodeQuery): Promise<EpisodeSource> {
  const country = query.country ?? 'us';
  if (query.url !== undefined || query.id !== undefined) {
    const named = query.url !== undefined ? pageIds(query.url) : { show: null, episode: query.id! };
    const record = await lookupEpisode(ctx, named.episode, country);
    if (record === null || (named.show !== null && String(record.collectionId) !== named.show)) {
      return { kind: 'empty', reason: REASONS.notFound, raw: { payload: record } };
    }
    return fromFeedOrApple(ctx, record, str(record.episodeGuid));
  }
  const record = await lookupShow(ctx, query.show!, country);
  if (record === null) return { kind: 'empty', reason: REASONS.notFound, raw: {} };
  const feedUrl = str(record.feedUrl);
  if (feedUrl === null) return { kind: 'empty', reason: REASONS.noFeed, raw: { show: showRaw(record, null, null) } };
  const answer = await fetchFeed(ctx, feedUrl, { kind: 'episode', id: query.guid! });
  if (answer.kind === 'gone') return { kind: 'empty', reason: REASONS.feedGone, raw: { show: showRaw(record, null, answer.finalUrl) } };
  const { channel, items } = answer.read;
  const raw = { show: showRaw(record, channel, answer.finalUrl) };
  if (channel.blocked) return { kind: 'empty', reason: REASONS.publisherBlocked, raw };
  const item = items[0];
  if (item === undefined) return { kind: 'empty', reason: REASONS.notFound, raw };
  const post = episodePost(item, { id: query.show!, name: str(record.collectionName) }, channel, ctx.fetchedAt);
  return { kind: 'feed', post, item, channel, raw: { ...raw, episode: episodeRaw(item) } };
}

/** The item of Apple's episode record in its feed, or the record alone when the feed cannot give it. */
async function fromFeedOrApple(ctx: FetchContext, record: AppleRecord, guid: string | null): Promise<EpisodeSource> {
  const apple = (warning: string): EpisodeSource => ({
    kind: 'apple',
    post: appleEpisodePost(record, ctx.fetchedAt),
    raw: { source: 'apple', payload: record },
    warnings: [warning],
  });
  const feedUrl = str(record.feedUrl);
  if (feedUrl === null) return apple("Apple's record names no feed: the episode is Apple's record alone.");
  if (guid === null) return apple("Apple's record names no guid: the episode is Apple's record alone.");
  const answer = await fetchFeed(ctx, feedUrl, { kind: 'episode', id: guid });
  if (answer.kind === 'gone') return apple(`The show's feed is gone (HTTP ${answer.status}): the episode is Apple's record alone.`);
  const { channel, items } = answer.read;
  if (channel.blocked) return { kind: 'empty', reason: REASONS.publisherBlocked, raw: { finalFeedUrl: answer.finalUrl } };
  const item = items[0];
  if (item === undefined) return apple("The show's feed has no item with the episode's guid: the episode is Apple's record alone.");
  const show = { id: String(record.collectionId), name: str(record.collectionName) };
  return {
    kind: 'feed',
    post: episodePost(item, show, channel, ctx.fetchedAt),
    item,
    channel,
    raw: { finalFeedUrl: answer.finalUrl, episode: episodeRaw(item) },
  };
}
