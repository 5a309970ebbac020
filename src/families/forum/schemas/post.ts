import { z } from 'zod';
import { lenient } from './lenient.js';

/** v.redd.it video as Reddit describes it under media.reddit_video. */
export const redditVideoSchema = z.object({
  fallback_url: lenient(z.string()),
  dash_url: lenient(z.string()),
  hls_url: lenient(z.string()),
  duration: lenient(z.number()),
  is_gif: lenient(z.boolean()),
});
export type RedditVideo = z.output<typeof redditVideoSchema>;

const mediaSchema = z.object({
  reddit_video: lenient(redditVideoSchema),
  type: lenient(z.string()),
  oembed: lenient(z.object({ type: lenient(z.string()) })),
});

const mediaMetadataEntrySchema = z.object({
  status: lenient(z.string()),
  e: lenient(z.string()),
  s: lenient(z.object({ u: lenient(z.string()), gif: lenient(z.string()), mp4: lenient(z.string()) })),
  hlsUrl: lenient(z.string()),
  dashUrl: lenient(z.string()),
});
export type MediaMetadataEntry = z.output<typeof mediaMetadataEntrySchema>;

/** The fields of a crosspost's parent that locate its media. */
const crosspostParentSchema = z.object({
  url: lenient(z.string()),
  is_video: lenient(z.boolean()),
  media: lenient(mediaSchema),
  secure_media: lenient(mediaSchema),
});

/**
 * A t3 post. Strict on what every post must have (id, title, permalink, creation time);
 * lenient on the rest, which varies across a decade of field sets (2016 answers lack
 * author_fullname, is_video and gallery fields).
 */
export const postDataSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+$/),
  title: z.string(),
  permalink: z.string().startsWith('/'),
  created_utc: z.number(),
  author: lenient(z.string()),
  author_fullname: lenient(z.string()),
  selftext: lenient(z.string()),
  url: lenient(z.string()),
  domain: lenient(z.string()),
  subreddit: lenient(z.string()),
  link_flair_text: lenient(z.string()),
  upvote_ratio: lenient(z.number()),
  score: lenient(z.number()),
  num_comments: lenient(z.number()),
  thumbnail: lenient(z.string()),
  post_hint: lenient(z.string()),
  is_self: lenient(z.boolean()),
  is_video: lenient(z.boolean()),
  is_gallery: lenient(z.boolean()),
  gallery_data: lenient(z.object({ items: z.array(z.object({ media_id: z.string() })) })),
  media_metadata: lenient(z.record(z.string(), mediaMetadataEntrySchema.catch({} as MediaMetadataEntry))),
  media: lenient(mediaSchema),
  secure_media: lenient(mediaSchema),
  crosspost_parent_list: lenient(z.array(crosspostParentSchema.catch({}))),
  rpan_video: lenient(z.object({}).loose()),
  promoted: lenient(z.boolean()),
  is_created_from_ads_ui: lenient(z.boolean()),
});
export type PostData = z.output<typeof postDataSchema>;
