import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { PLATFORM } from '../constants.js';
import type { ChannelInfo } from './channel.js';
import { htmlToText } from './html-text.js';
import type { FeedItem } from './item.js';
import { durationSeconds } from './times.js';

/** The show an episode belongs to, as Apple names it. */
export interface ShowIdentity {
  id: string;
  name: string | null;
}

/** A feed item as a Post of type episode. */
export function episodePost(item: FeedItem, show: ShowIdentity, channel: ChannelInfo, fetchedAt: string): Post {
  return makePost({
    platform: PLATFORM,
    id: item.id,
    type: 'episode',
    url: item.link,
    title: item.title,
    text: htmlToText(item.html),
    authorId: show.id,
    authorName: show.name,
    thumbnailUrl: item.imageUrl ?? channel.imageUrl,
    mediaUrls: [item.enclosure.url],
    durationSeconds: durationSeconds(item.duration),
    publishedAt: item.publishedAt,
    fetchedAt,
  });
}

/** `raw.episodes[i]` / `raw.episode`: the feed's facts the Post type has no field for. */
export function episodeRaw(item: FeedItem) {
  return {
    guid: item.guid,
    html: item.html,
    enclosure: item.enclosure,
    episodeType: item.episodeType,
    season: item.season,
    episode: item.episode,
    transcripts: item.transcripts,
  };
}
