import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { SOCIAL_PLATFORM, WEB_ORIGIN } from '../constants.js';
import type { PostView } from '../schemas/views.js';
import { embedMedia } from './embed.js';
import { facetValues } from './facets.js';
import { rkeyOf, text } from './values.js';

/** What raw says of each post beside the unified fields. */
export interface PostExtras {
  uri: string;
  /** The reposter's handle when the item is a repost, else null. */
  repostedBy: string | null;
  /** True for the author's pinned post at the head of their first page. */
  pinned: boolean;
  /** The quoted post's at:// URI, or null. */
  quote: string | null;
  /** The first language the author declared, or null. */
  language: string | null;
}

/** The post's web page: bsky.app with the author's handle. */
export const postPageUrl = (view: PostView): string => `${WEB_ORIGIN}/profile/${view.author.handle.toLowerCase()}/post/${rkeyOf(view.uri)}`;

/** A post view as a Post; `publishedAt` is when the author wrote it (the record), not when the AppView indexed it. */
export function postViewToPost(view: PostView, fetchedAt: string): Post {
  const body = view.record.text ?? '';
  const media = embedMedia(view.embed);
  const { hashtags, mentions } = facetValues(body, view.record.facets);
  return makePost({
    platform: SOCIAL_PLATFORM,
    id: view.uri,
    type: media.type,
    url: postPageUrl(view),
    linkUrl: media.link,
    text: text(body),
    authorId: view.author.did,
    authorHandle: view.author.handle.toLowerCase(),
    authorName: text(view.author.displayName),
    thumbnailUrl: media.thumbnailUrl,
    mediaUrls: media.mediaUrls,
    likeCount: view.likeCount ?? null,
    commentCount: view.replyCount ?? null,
    shareCount: view.repostCount ?? null,
    hashtags,
    mentions,
    publishedAt: text(view.record.createdAt),
    fetchedAt,
  });
}

export function postExtras(view: PostView, options: { repostedBy?: string | null; pinned?: boolean } = {}): PostExtras {
  return {
    uri: view.uri,
    repostedBy: options.repostedBy ?? null,
    pinned: options.pinned ?? false,
    quote: embedMedia(view.embed).quote,
    language: view.record.langs?.[0] ?? null,
  };
}
