import type { PostType } from '../../../model/content.js';
import type { MediaMetadataEntry, PostData, RedditVideo } from '../schemas/post.js';
import { httpUrlOrNull } from './values.js';

/**
 * What a post carries, read from the thing itself:
 *  - v.redd.it video (is_video, media.reddit_video, or a crosspost of one) -> video
 *  - an RPAN broadcast (rpan_video) -> live
 *  - gallery (is_gallery / gallery_data) -> carousel, media in gallery order
 *  - image (post_hint image, or an i.redd.it link) -> image
 *  - embedded player (post_hint rich:video) -> video, the embed's page URL as media
 *  - self post -> text
 *  - any other link -> unknown (an article link is neither media nor text)
 */
export interface PostMedia {
  type: PostType;
  mediaUrls: string[];
  durationSeconds: number | null;
}

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp)(?:$|\?)/i;

/** A v.redd.it video id inside any v.redd.it URL (page, manifest or file). */
export function videoIdFromUrl(url: string | null | undefined): string | null {
  const match = /^https?:\/\/v\.redd\.it\/([a-z0-9]+)(?:[/?#]|$)/i.exec(url ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** A v.redd.it video and Reddit's description of it (null when only a link names it). */
export interface HostedVideo {
  videoId: string;
  video: RedditVideo | null;
}

/**
 * The platform-hosted video of a post or of the post it crossposts; null when there is
 * none. Reddit's video description wins over a bare v.redd.it link (a crosspost links the
 * video but only its parent describes it).
 */
export function findHostedVideo(post: PostData): HostedVideo | null {
  const candidates = [post, ...(post.crosspost_parent_list ?? [])];
  for (const candidate of candidates) {
    const video = candidate.secure_media?.reddit_video ?? candidate.media?.reddit_video ?? null;
    const videoId = videoIdFromUrl(video?.dash_url) ?? videoIdFromUrl(video?.fallback_url) ?? videoIdFromUrl(video?.hls_url);
    if (video !== null && videoId !== null) return { videoId, video };
  }
  for (const candidate of candidates) {
    const videoId = videoIdFromUrl(candidate.url);
    if (videoId !== null) return { videoId, video: null };
  }
  return null;
}

function galleryMediaUrl(entry: MediaMetadataEntry | undefined): string | null {
  if (entry === undefined || (entry.status !== null && entry.status !== undefined && entry.status !== 'valid')) return null;
  if (entry.e === 'RedditVideo') return httpUrlOrNull(entry.hlsUrl) ?? httpUrlOrNull(entry.dashUrl);
  // Animated images have no s.u; their mp4/gif renditions are the media.
  return httpUrlOrNull(entry.s?.u) ?? httpUrlOrNull(entry.s?.mp4) ?? httpUrlOrNull(entry.s?.gif);
}

function galleryUrls(post: PostData): string[] {
  const items = post.gallery_data?.items ?? [];
  return items.map((item) => galleryMediaUrl(post.media_metadata?.[item.media_id])).filter((url): url is string => url !== null);
}

function isImageLink(post: PostData): boolean {
  if (post.post_hint === 'image') return true;
  const url = httpUrlOrNull(post.url);
  return url !== null && (/^https?:\/\/i\.redd\.it\//i.test(url) || IMAGE_FILE.test(url));
}

/** Classifies a post and lists its media URLs (direct files where Reddit gives them). */
export function classifyPostMedia(post: PostData): PostMedia {
  const hosted = findHostedVideo(post);
  const duration = hosted?.video?.duration ?? null;
  if (post.rpan_video !== null && post.rpan_video !== undefined) return { type: 'live', mediaUrls: [], durationSeconds: null };
  if (post.is_video === true || hosted !== null) {
    const file = httpUrlOrNull(hosted?.video?.fallback_url) ?? httpUrlOrNull(post.url);
    return { type: 'video', mediaUrls: file === null ? [] : [file], durationSeconds: duration };
  }
  if (post.is_gallery === true || (post.gallery_data !== null && post.gallery_data !== undefined)) {
    return { type: 'carousel', mediaUrls: galleryUrls(post), durationSeconds: null };
  }
  const link = httpUrlOrNull(post.url);
  if (isImageLink(post)) return { type: 'image', mediaUrls: link === null ? [] : [link], durationSeconds: null };
  if (post.post_hint === 'rich:video' || post.post_hint === 'hosted:video') {
    return { type: 'video', mediaUrls: link === null ? [] : [link], durationSeconds: null };
  }
  if (post.is_self === true) return { type: 'text', mediaUrls: [], durationSeconds: null };
  return { type: 'unknown', mediaUrls: [], durationSeconds: null };
}
