import type { Post } from '../../../model/content.js';
import { makePost } from '../../../model/make.js';
import { FORUM_PLATFORM, REDDIT_ORIGIN } from '../constants.js';
import type { PostData } from '../schemas/post.js';
import { classifyPostMedia } from './post-media.js';
import { extractHashtags, extractMentions } from './text-tags.js';
import { authorHandle, httpUrlOrNull, isoFromEpochSeconds, nonEmpty, stripKind } from './values.js';

/**
 * isSponsored: `promoted` when Reddit sends it; otherwise `is_created_from_ads_ui` (a post
 * made through the ads tool); null on older field sets that carry neither, because the
 * spec's null means "not exposed".
 */
function sponsoredFlag(post: PostData): boolean | null {
  if (typeof post.promoted === 'boolean') return post.promoted;
  if (typeof post.is_created_from_ads_ui === 'boolean') return post.is_created_from_ads_ui;
  return null;
}

/** The page a link post points to: its `url`, unless it is a self post (whose `url` is its own page). */
function linkOf(post: PostData): string | null {
  if (post.is_self === true) return null;
  const link = httpUrlOrNull(post.url);
  return link === null || link === `${REDDIT_ORIGIN}${post.permalink}` ? null : link;
}

/**
 * A t3 post as a unified Post.
 * - id: the base36 id without t3_; authorId: author_fullname without t2_ (the same id the
 *   user endpoint returns as Creator.id), null on field sets without it.
 * - likeCount: score; viewCount: null (Reddit's view_count is always null logged-out);
 *   shareCount: null (not exposed). authorName: null (Reddit has no display names).
 * - text: the self text, null when empty (link posts, title-only posts).
 */
export function normalisePost(post: PostData, fetchedAt: string): Post {
  const media = classifyPostMedia(post);
  const text = nonEmpty(post.selftext);
  return makePost({
    platform: FORUM_PLATFORM,
    id: post.id,
    type: media.type,
    url: `${REDDIT_ORIGIN}${post.permalink}`,
    linkUrl: linkOf(post),
    title: post.title,
    text,
    authorId: post.author_fullname ? stripKind(post.author_fullname) : null,
    authorHandle: authorHandle(post.author),
    thumbnailUrl: httpUrlOrNull(post.thumbnail),
    mediaUrls: media.mediaUrls,
    durationSeconds: media.durationSeconds,
    likeCount: post.score ?? null,
    commentCount: post.num_comments ?? null,
    hashtags: extractHashtags(post.title, text),
    mentions: extractMentions(post.title, text),
    isSponsored: sponsoredFlag(post),
    publishedAt: isoFromEpochSeconds(post.created_utc),
    fetchedAt,
  });
}

/** The per-post extras of raw.posts: what the unified Post has no field for. */
export interface PostListingExtra {
  id: string;
  community: string | null;
  flair: string | null;
  /** Reddit's own post kind: post_hint when given, else self / gallery / hosted:video / link. */
  postType: string | null;
  upvoteRatio: number | null;
}

function redditPostKind(post: PostData): string {
  if (post.post_hint) return post.post_hint;
  if (post.is_self === true) return 'self';
  if (post.is_gallery === true) return 'gallery';
  if (post.is_video === true) return 'hosted:video';
  return 'link';
}

/** raw.posts entry of a JSON listing. */
export function postListingExtra(post: PostData): PostListingExtra {
  return {
    id: post.id,
    community: nonEmpty(post.subreddit),
    flair: nonEmpty(post.link_flair_text),
    postType: redditPostKind(post),
    upvoteRatio: post.upvote_ratio ?? null,
  };
}
