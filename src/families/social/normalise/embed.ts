import type { PostType } from '../../../model/content.js';

/**
 * What a post's embed view shows: its media (images, a video, a link card's picture) and the
 * post it quotes. A record-with-media embed is read for both: its `media` and its `record`.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const string = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const typeOf = (value: Json): string => (typeof value.$type === 'string' ? value.$type : '');

export interface EmbedMedia {
  type: PostType;
  mediaUrls: string[];
  thumbnailUrl: string | null;
  /** The quoted post's at:// URI, or null. */
  quote: string | null;
  /** The page a link card points to (an http(s) URL), or null. */
  link: string | null;
}

const NO_MEDIA: EmbedMedia = { type: 'text', mediaUrls: [], thumbnailUrl: null, quote: null, link: null };
/** A post holds at most four images; a gallery a few more: this bounds what an answer can make us read. */
const MAX_IMAGES = 50;

export function embedMedia(embed: unknown): EmbedMedia {
  if (!isObject(embed)) return NO_MEDIA;
  const type = typeOf(embed);
  if (type.startsWith('app.bsky.embed.recordWithMedia')) return { ...mediaOf(embed.media), quote: quoteOf(embed.record) };
  if (type.startsWith('app.bsky.embed.record')) return { ...NO_MEDIA, quote: quoteOf(embed) };
  return { ...mediaOf(embed), quote: null };
}

function mediaOf(media: unknown): Omit<EmbedMedia, 'quote'> {
  return { link: null, ...pictures(media) };
}

/** The media of an embed; a link card also names its page. */
function pictures(media: unknown): Omit<EmbedMedia, 'quote' | 'link'> & { link?: string | null } {
  if (!isObject(media)) return NO_MEDIA;
  const type = typeOf(media);
  if (type.startsWith('app.bsky.embed.video')) {
    const playlist = string(media.playlist);
    return { type: 'video', mediaUrls: playlist === null ? [] : [playlist], thumbnailUrl: string(media.thumbnail) };
  }
  if (type.startsWith('app.bsky.embed.external')) {
    const external = isObject(media.external) ? media.external : {};
    const link = string(external.uri);
    return {
      type: 'text',
      mediaUrls: [],
      thumbnailUrl: string(external.thumb),
      link: link !== null && /^https?:\/\//i.test(link) ? link : null,
    };
  }
  const images = Array.isArray(media.images) ? media.images : Array.isArray(media.items) ? media.items : null;
  if (images === null) return NO_MEDIA;
  const shown = images.slice(0, MAX_IMAGES).filter(isObject);
  const gallery = type.includes('gallery');
  return {
    type: shown.length >= 2 || (gallery && shown.length > 0) ? 'carousel' : shown.length === 1 ? 'image' : 'text',
    mediaUrls: shown.map((image) => string(image.fullsize)).filter((url): url is string => url !== null),
    thumbnailUrl: shown.length > 0 ? string(shown[0]!.thumb) : null,
  };
}

/** The quoted record's URI (a record#view wraps the record; a not-found or blocked view keeps its URI). */
function quoteOf(view: unknown): string | null {
  if (!isObject(view)) return null;
  const record = isObject(view.record) ? view.record : null;
  return record === null ? null : string(record.uri);
}
