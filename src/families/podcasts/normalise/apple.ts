import type { Creator, Post } from '../../../model/content.js';
import { makeCreator, makePost } from '../../../model/make.js';
import { PLATFORM, PODCASTS_PAGE_HOST } from '../constants.js';
import type { AppleRecord } from '../upstream/itunes.js';
import type { ChannelInfo } from './channel.js';
import { htmlToText } from './html-text.js';

/** Apple's records as the family reads them: optional keys vary by year, so every field is checked. */

export const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => (typeof value === 'number' || typeof value === 'string' ? String(value) : null);

/** A show page on podcasts.apple.com without its query (the canonical form of old and new records alike). */
export function canonicalPageUrl(raw: unknown): string | null {
  const url = URL.parse(str(raw) ?? '');
  if (url === null) return null;
  return `https://${PODCASTS_PAGE_HOST}${url.pathname}`;
}

/** The show as a Creator from Apple's record alone (search, or a show whose feed cannot be read). */
export function showCreator(record: AppleRecord, fetchedAt: string): Creator {
  return makeCreator({
    platform: PLATFORM,
    id: idOf(record.collectionId) ?? '',
    displayName: str(record.collectionName),
    avatarUrl: str(record.artworkUrl600) ?? str(record.artworkUrl100),
    url: canonicalPageUrl(record.collectionViewUrl),
    postCount: num(record.trackCount),
    isPrivate: false,
    category: str(record.primaryGenreName),
    fetchedAt,
  });
}

/** The show as a Creator with its feed's channel: the bio and the channel's link. */
export function showCreatorWithFeed(record: AppleRecord, channel: ChannelInfo, fetchedAt: string): Creator {
  return {
    ...showCreator(record, fetchedAt),
    bio: htmlToText(channel.summary ?? channel.description),
    externalLinks: channel.link === null ? [] : [channel.link],
  };
}

/** `raw.show`: Apple's and the feed's facts the Creator type has no field for. */
export function showRaw(record: AppleRecord, channel: ChannelInfo | null, finalFeedUrl: string | null) {
  const genres = Array.isArray(record.genres) ? record.genres.filter((genre): genre is string => typeof genre === 'string') : [];
  return {
    feedUrl: str(record.feedUrl),
    finalFeedUrl,
    author: channel?.author ?? str(record.artistName),
    categories: channel !== null ? channel.categories : genres.filter((genre) => genre !== 'Podcasts'),
    explicit: channel?.explicit ?? (str(record.collectionExplicitness) === null ? null : record.collectionExplicitness === 'explicit'),
    language: channel?.language ?? null,
    type: channel?.type ?? null,
    episodeCount: num(record.trackCount),
    lastPublishedAt: str(record.releaseDate),
  };
}

/** An episode from Apple's record alone (`raw.source` apple): when its feed cannot give the item. */
export function appleEpisodePost(record: AppleRecord, fetchedAt: string): Post {
  const millis = num(record.trackTimeMillis);
  const media = str(record.episodeUrl);
  return makePost({
    platform: PLATFORM,
    id: str(record.episodeGuid) ?? idOf(record.trackId) ?? '',
    type: 'episode',
    title: str(record.trackName),
    text: str(record.description),
    authorId: idOf(record.collectionId),
    authorName: str(record.collectionName),
    thumbnailUrl: str(record.artworkUrl600) ?? str(record.artworkUrl160) ?? str(record.artworkUrl60),
    mediaUrls: media === null ? [] : [media],
    durationSeconds: millis === null ? null : Math.round(millis / 1000),
    publishedAt: str(record.releaseDate),
    fetchedAt,
  });
}
