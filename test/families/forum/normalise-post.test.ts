import { describe, expect, it } from 'vitest';
import { classifyPostMedia, findHostedVideo, videoIdFromUrl } from '../../../src/families/forum/normalise/post-media.js';
import { normalisePost, postListingExtra } from '../../../src/families/forum/normalise/post.js';
import { listingSchema } from '../../../src/families/forum/schemas/listing.js';
import { postDataSchema, type PostData } from '../../../src/families/forum/schemas/post.js';
import { FETCHED_AT, jsonFixture } from './support.js';

function postsOf(name: string): PostData[] {
  return listingSchema.parse(jsonFixture(name)).data.children.map((child) => postDataSchema.parse(child.data));
}

const [textPost, imagePost, videoPost, galleryPost, linkPost] = postsOf('listing-subreddit.json') as [
  PostData,
  PostData,
  PostData,
  PostData,
  PostData,
];

describe('normalisePost', () => {
  it('maps a self post', () => {
    expect(normalisePost(textPost, FETCHED_AT)).toEqual({
      platform: 'reddit',
      id: 'tx1a2b',
      type: 'text',
      url: 'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
      linkUrl: null,
      title: 'Weekend #gardening thread with u/fern_lover',
      text: textPost.selftext,
      authorId: 'k1x9q',
      authorHandle: 'maple_writer',
      authorName: null,
      thumbnailUrl: null,
      mediaUrls: [],
      durationSeconds: null,
      viewCount: null,
      likeCount: 42,
      commentCount: 7,
      shareCount: null,
      hashtags: ['gardening'],
      mentions: ['fern_lover', 'soil_guru'],
      isSponsored: false,
      publishedAt: '2025-10-09T08:58:20.000Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('keeps the page a link post points to, and no link for a self post', () => {
    const link = { ...textPost, is_self: false, selftext: '', url: 'https://github.com/octocat/Hello-World' };
    expect(normalisePost(link, FETCHED_AT).linkUrl).toBe('https://github.com/octocat/Hello-World');
    expect(normalisePost({ ...textPost, url: 'https://github.com/octocat/Hello-World' }, FETCHED_AT).linkUrl).toBeNull();
  });

  it('maps an image post with its file as media', () => {
    expect(normalisePost(imagePost, FETCHED_AT)).toMatchObject({
      type: 'image',
      mediaUrls: ['https://i.redd.it/q9w8e7r6t5y4.jpeg'],
      thumbnailUrl: 'https://b.thumbs.redditmedia.com/tomato140.jpg',
      text: null,
    });
  });

  it('maps a hosted video with its duration and fallback file', () => {
    expect(normalisePost(videoPost, FETCHED_AT)).toMatchObject({
      type: 'video',
      durationSeconds: 47,
      mediaUrls: ['https://v.redd.it/vid0example1/CMAF_720.mp4?source=fallback'],
      thumbnailUrl: null, // "nsfw" is not a URL
    });
  });

  it('maps a gallery in gallery order, animated images by their renditions', () => {
    expect(normalisePost(galleryPost, FETCHED_AT)).toMatchObject({
      type: 'carousel',
      mediaUrls: ['https://preview.redd.it/second0img.gif?format=mp4&s=bb', 'https://preview.redd.it/first00img.jpg?width=600&s=aa'],
      authorHandle: null, // [deleted]
      authorId: null,
    });
  });

  it('maps an article link as unknown, with isSponsored from the ads flag', () => {
    expect(normalisePost(linkPost, FETCHED_AT)).toMatchObject({
      type: 'unknown',
      mediaUrls: [],
      text: null,
      thumbnailUrl: null,
      isSponsored: true,
    });
  });

  it('prefers promoted over the ads-tool flag, and is null when neither exists', () => {
    expect(normalisePost({ ...textPost, promoted: true, is_created_from_ads_ui: false }, FETCHED_AT).isSponsored).toBe(true);
    expect(normalisePost({ ...textPost, promoted: undefined, is_created_from_ads_ui: undefined }, FETCHED_AT).isSponsored).toBeNull();
  });

  it('reads rich:video embeds and RPAN broadcasts', () => {
    const embed = postDataSchema.parse({
      ...(jsonFixture('listing-subreddit.json') as { data: { children: { data: object }[] } }).data.children[4]?.data,
      post_hint: 'rich:video',
      url: 'https://streamable.example/abc',
    });
    expect(classifyPostMedia(embed)).toEqual({ type: 'video', mediaUrls: ['https://streamable.example/abc'], durationSeconds: null });
    expect(classifyPostMedia({ ...textPost, rpan_video: { hls_url: 'https://example/live.m3u8' } }).type).toBe('live');
  });

  it('tolerates malformed optional fields instead of failing the post', () => {
    const post = postDataSchema.parse({
      id: 'odd123',
      title: 'Odd',
      permalink: '/r/x/comments/odd123/odd/',
      created_utc: 1,
      score: 'many',
      media: 'broken',
      thumbnail: 7,
    });
    expect(normalisePost(post, FETCHED_AT)).toMatchObject({ likeCount: null, type: 'unknown', thumbnailUrl: null });
  });

  it('refuses a post without the fields every post has', () => {
    expect(postDataSchema.safeParse({ id: 'x1', permalink: '/r/x/comments/x1/', created_utc: 1 }).success).toBe(false);
    expect(postDataSchema.safeParse({ id: 'X!', title: 't', permalink: '/r/x/comments/x1/', created_utc: 1 }).success).toBe(false);
  });
});

describe('hosted video lookup', () => {
  it('reads the id from any v.redd.it URL', () => {
    expect(videoIdFromUrl('https://v.redd.it/vid0example1/DASHPlaylist.mpd?a=1')).toBe('vid0example1');
    expect(videoIdFromUrl('https://v.redd.it/vid0example1')).toBe('vid0example1');
    expect(videoIdFromUrl('https://i.redd.it/vid0example1.jpg')).toBeNull();
  });

  it('finds the video of a post and of a crosspost, and none for a link post', () => {
    expect(findHostedVideo(videoPost)).toMatchObject({ videoId: 'vid0example1', video: { duration: 47 } });
    const [crossPostListing] = jsonFixture('post-thread-crosspost.json') as [{ data: { children: { data: unknown }[] } }];
    const crosspost = postDataSchema.parse(crossPostListing.data.children[0]?.data);
    expect(findHostedVideo(crosspost)?.videoId).toBe('vid0example1');
    expect(classifyPostMedia(crosspost).type).toBe('video');
    expect(findHostedVideo(linkPost)).toBeNull();
  });
});

describe('postListingExtra', () => {
  it('names community, flair, Reddit post type and upvote ratio', () => {
    expect(postListingExtra(textPost)).toEqual({
      id: 'tx1a2b',
      community: 'examplesub',
      flair: 'Discussion',
      postType: 'self',
      upvoteRatio: 0.9,
    });
    expect(postListingExtra(videoPost).postType).toBe('hosted:video');
    expect(postListingExtra(galleryPost).postType).toBe('gallery');
    expect(postListingExtra(linkPost).postType).toBe('link');
  });
});
