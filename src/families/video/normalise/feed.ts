import { XMLParser } from 'fast-xml-parser';
import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { VIDEO_PLATFORM } from '../constants.js';
import { watchUrlOf } from '../input/refs.js';
import { hashtagsOf, isObject, type Json } from './values.js';

/**
 * The channel feed (`/feeds/videos.xml?channel_id=`): Atom with yt: and media: namespaces, the
 * latest 15 uploads, no paging. Views are exact; `media:starRating count` is the like count.
 */

const MAX_ENTRIES = 50;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, htmlEntities: true });

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  if (isObject(value) && typeof value['#text'] === 'string') return value['#text'].trim() || null;
  return null;
};
const whole = (value: unknown): number | null => {
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
};

/** The feed's entries as Posts, newest first; null when the text is not the channel feed. */
export function readChannelFeed(xml: string, fetchedAt: string): Post[] | null {
  let document: unknown;
  try {
    document = parser.parse(xml.trim());
  } catch {
    return null;
  }
  const feed = isObject(document) ? document.feed : undefined;
  if (!isObject(feed)) return null;
  const channelId = text(feed['yt:channelId']);
  const authorName = isObject(feed.author) ? text(feed.author.name) : null;
  const entries = Array.isArray(feed.entry) ? feed.entry : feed.entry === undefined ? [] : [feed.entry];
  return entries.slice(0, MAX_ENTRIES).flatMap((entry): Post[] => {
    if (!isObject(entry)) return [];
    const id = text(entry['yt:videoId']);
    if (id === null || !/^[A-Za-z0-9_-]{11}$/.test(id)) return [];
    const group: Json = isObject(entry['media:group']) ? entry['media:group'] : {};
    const community: Json = isObject(group['media:community']) ? group['media:community'] : {};
    const thumbnail = isObject(group['media:thumbnail']) ? group['media:thumbnail']['@url'] : null;
    const title = text(group['media:title']) ?? text(entry.title);
    const description = text(group['media:description']);
    const isShort =
      typeof (isObject(entry.link) ? entry.link['@href'] : null) === 'string' && String((entry.link as Json)['@href']).includes('/shorts/');
    return [
      makePost({
        platform: VIDEO_PLATFORM,
        id,
        type: isShort ? 'short' : 'video',
        url: watchUrlOf(id, isShort),
        title,
        text: description,
        authorId: text(entry['yt:channelId']) ?? channelId,
        authorName: (isObject(entry.author) ? text(entry.author.name) : null) ?? authorName,
        thumbnailUrl: typeof thumbnail === 'string' ? thumbnail : null,
        viewCount: isObject(community['media:statistics']) ? whole(community['media:statistics']['@views']) : null,
        likeCount: isObject(community['media:starRating']) ? whole(community['media:starRating']['@count']) : null,
        hashtags: hashtagsOf(title, description),
        publishedAt: text(entry.published),
        fetchedAt,
      }),
    ];
  });
}
