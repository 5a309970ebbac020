import { z } from 'zod';

/**
 * The platform-neutral resource types (posts, comments, creators, transcripts), declared once as zod schemas: the TypeScript
 * types, the OpenAPI schemas and the GraphQL object types are all derived from them.
 * Null means "not exposed by the platform", never zero; arrays are never null.
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const nullableBoolean = z.boolean().nullable();
const fetchedAt = z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)');

export const postTypeSchema = z
  .enum(['video', 'short', 'image', 'carousel', 'text', 'live', 'story', 'reel', 'audio', 'album', 'episode', 'unknown'])
  .meta({
    id: 'PostType',
    description: 'What kind of post it is; unknown when the platform does not say.',
    'x-enumDescriptions': {
      video: 'a video',
      short: 'a short vertical video',
      image: 'a single image',
      carousel: 'several images or videos in one post',
      text: 'text only (a self post, an issue or a pull request)',
      live: 'a live stream',
      story: 'an ephemeral story',
      reel: 'a reel',
      audio: 'an audio track',
      album: 'an album of tracks or images',
      episode: 'an episode of a series or podcast',
      unknown: 'the platform does not say',
    },
  });
export type PostType = z.infer<typeof postTypeSchema>;

export const postSchema = z
  .object({
    platform: z.string().describe('the platform the post lives on (the platform name of the family that served it)'),
    id: z.string(),
    type: postTypeSchema,
    url: nullableString.describe("the post's web page"),
    linkUrl: nullableString
      .optional()
      .describe(
        'the page a link post points to, off the platform or on it; null when the post links nowhere; absent when the platform does not say',
      ),
    title: nullableString.describe('title or headline; null when the post has none'),
    text: nullableString.describe('caption, description or body'),
    authorId: nullableString.describe("the author's platform account id"),
    authorHandle: nullableString.describe("the author's handle, without leading @"),
    authorName: nullableString.describe("the author's display name"),
    thumbnailUrl: nullableString.describe('preview image URL'),
    mediaUrls: z.array(z.string()).describe('URLs of the images, videos or audio the post carries, in order'),
    durationSeconds: nullableNumber.describe('length of the video or audio in seconds'),
    viewCount: nullableNumber.describe('views, plays or nearest equivalent'),
    likeCount: nullableNumber.describe('likes or nearest equivalent (a score where votes are counted)'),
    commentCount: nullableNumber.describe('comments as the platform counts them'),
    shareCount: nullableNumber.describe('shares, reposts or crossposts'),
    hashtags: z.array(z.string()).describe('without leading #'),
    mentions: z.array(z.string()).describe('from the text, without leading @'),
    taggedUsers: z.array(z.string()).optional().describe('tags in the media itself; absent when the platform reports none'),
    isSponsored: nullableBoolean.describe('true when marked as an advertisement or sponsored'),
    publishedAt: nullableString.describe('ISO 8601 time of publication'),
    fetchedAt,
  })
  .meta({ id: 'Post', description: 'A post, or an item published like one (an issue, a pull request): in lists and on its own.' });
export type Post = z.infer<typeof postSchema>;

export const commentSchema = z
  .object({
    platform: z.string().describe('the platform the comment lives on'),
    id: z.string(),
    postId: nullableString.describe('the platform id of the post it belongs to'),
    parentId: nullableString.describe('null on a top-level comment'),
    text: z.string().describe('the comment body as text'),
    authorId: nullableString.describe("the author's platform account id"),
    authorHandle: nullableString.describe("the author's handle, without leading @"),
    authorName: nullableString.describe("the author's display name"),
    authorAvatarUrl: nullableString.describe("the author's avatar image URL"),
    likeCount: nullableNumber.describe('likes or score'),
    replyCount: nullableNumber.describe('direct and nested replies as the platform counts them'),
    isPinned: nullableBoolean.describe('true when pinned or stickied by a moderator or the author'),
    isAuthorReply: nullableBoolean.describe("true when written by the post's author"),
    publishedAt: nullableString.describe('ISO 8601 time of publication'),
  })
  .meta({ id: 'Comment', description: 'A comment, flattened in reading order with parentId kept.' });
export type Comment = z.infer<typeof commentSchema>;

export const transcriptCueSchema = z
  .object({
    start: z.number().describe('seconds from media start'),
    end: nullableNumber.describe('seconds; null when no end time'),
    text: z.string().describe('what is said during the cue'),
  })
  .meta({ id: 'TranscriptCue', description: 'One timed line of a transcript.' });
export type TranscriptCue = z.infer<typeof transcriptCueSchema>;

export const transcriptSourceSchema = z.enum(['captions', 'asr']).meta({
  id: 'TranscriptSource',
  description: 'Where a transcript comes from.',
  'x-enumDescriptions': { captions: 'a caption track the platform serves', asr: 'automatic speech recognition' },
});

export const transcriptSchema = z
  .object({
    platform: z.string().describe('the platform the media lives on'),
    id: nullableString.describe(
      "the platform's own id of the media whose captions these are (a video id); null when the platform gives none",
    ),
    postId: z.string().describe('the platform id of the post whose media this transcript is'),
    url: nullableString.describe("the media's or post's web page"),
    language: nullableString.describe('language code of the track, e.g. en'),
    isAutoGenerated: nullableBoolean.describe('true when the captions were generated by speech recognition'),
    text: z.string().describe('whole transcript as one block'),
    cues: z.array(transcriptCueSchema).describe('timed cues in order'),
    durationSeconds: nullableNumber.describe('length of the media in seconds'),
    source: transcriptSourceSchema.nullable().describe('captions from the platform, or speech recognition (asr)'),
    fetchedAt,
  })
  .meta({ id: 'Transcript', description: "A video's caption track as text plus timed cues." });
export type Transcript = z.infer<typeof transcriptSchema>;

export const creatorSchema = z
  .object({
    platform: z.string().describe('the platform of the account or community'),
    id: z.string().describe("the platform's own account id as a string"),
    handle: nullableString.describe('without leading @'),
    displayName: nullableString.describe('display name or title'),
    bio: nullableString.describe('profile description or community description'),
    avatarUrl: nullableString.describe('avatar or community icon URL'),
    bannerUrl: nullableString.describe('profile or community banner image URL'),
    url: nullableString.describe("the account's or community's web page"),
    verified: nullableBoolean.describe('true when the platform marks it as verified'),
    followerCount: nullableNumber.describe('followers, subscribers or nearest equivalent'),
    followingCount: nullableNumber.describe('accounts it follows'),
    postCount: nullableNumber.describe('posts or public repositories, as the platform counts them'),
    viewCount: nullableNumber.describe('total views where the platform exposes them'),
    likeCount: nullableNumber.optional().describe('total likes received; absent when not exposed'),
    isPrivate: nullableBoolean.describe('true when its posts are not public'),
    isBusiness: nullableBoolean.describe('true for a business or organisation account'),
    category: nullableString.describe('the category or kind the platform assigns, e.g. Organization'),
    location: nullableString.describe('location as written on the profile'),
    externalLinks: z.array(z.string()).describe('links listed on the profile'),
    createdAt: nullableString.describe('ISO 8601 time the account or community was created'),
    fetchedAt,
  })
  .meta({ id: 'Creator', description: 'An account, organisation or community of a platform.' });
export type Creator = z.infer<typeof creatorSchema>;
