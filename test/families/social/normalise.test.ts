import { describe, expect, it } from 'vitest';
import { profileToCreator } from '../../../src/families/social/normalise/creator.js';
import { embedMedia } from '../../../src/families/social/normalise/embed.js';
import { facetValues } from '../../../src/families/social/normalise/facets.js';
import { isOptedOut, withoutOptedOut } from '../../../src/families/social/normalise/opt-out.js';
import { postViewToPost } from '../../../src/families/social/normalise/post.js';
import { profileViewSchema, postViewSchema } from '../../../src/families/social/schemas/views.js';
import { facetOver, imagesEmbed, postView, profileView, quoteEmbed } from '../../../src/families/social/demo/views.js';
import { FETCHED_AT } from './support.js';

const MENTION = 'app.bsky.richtext.facet#mention';
const TAG = 'app.bsky.richtext.facet#tag';

describe('facets count UTF-8 bytes', () => {
  it('cuts each mention by byte offsets after multi-byte text (an emoji is 4 bytes, é is 2)', () => {
    const text = '🎉 Café talk with @ana.example.com and @bo.example.com #rstats';
    const facets = [
      facetOver(text, '@ana.example.com', { $type: MENTION, did: 'did:plc:a' }),
      facetOver(text, '@bo.example.com', { $type: MENTION, did: 'did:plc:b' }),
      facetOver(text, '#rstats', { $type: TAG, tag: 'rstats' }),
    ];
    // String indices would be 3 bytes short for the emoji and 1 for é: the wrong text.
    expect((facets[0] as { index: { byteStart: number } }).index.byteStart).toBe(text.indexOf('@ana') + 3);
    expect(facetValues(text, facets as never)).toEqual({ hashtags: ['rstats'], mentions: ['ana.example.com', 'bo.example.com'] });
  });

  it('reads nothing from text without facets, drops duplicates and ranges outside the text', () => {
    expect(facetValues('#rstats @someone.example.com', [])).toEqual({ hashtags: [], mentions: [] });
    const text = 'hi @a.example.com @a.example.com';
    const facets = [
      facetOver(text, '@a.example.com', { $type: MENTION }),
      { index: { byteStart: 18, byteEnd: 32 }, features: [{ $type: MENTION }] },
      { index: { byteStart: 20, byteEnd: 500 }, features: [{ $type: MENTION }] },
      {
        index: { byteStart: 0, byteEnd: 1 },
        features: [
          { $type: TAG, tag: '#Dup' },
          { $type: TAG, tag: 'Dup' },
        ],
      },
    ];
    expect(facetValues(text, facets as never)).toEqual({ hashtags: ['Dup'], mentions: ['a.example.com'] });
  });
});

describe('posts', () => {
  const post = (embed?: Record<string, unknown>) =>
    postViewToPost(postViewSchema.parse(postView('ana.example.com', 'p1', embed ? { embed } : {})), FETCHED_AT);

  it('maps the record and the counts; publishedAt is the record time; empty text is null', () => {
    const view = postViewSchema.parse({ ...postView('Ana.example.com', '3abc', { createdAt: '2026-01-02T03:04:05.000Z', text: '' }) });
    expect(postViewToPost(view, FETCHED_AT)).toMatchObject({
      platform: 'bluesky',
      id: view.uri,
      url: 'https://bsky.app/profile/ana.example.com/post/3abc',
      title: null,
      text: null,
      authorHandle: 'ana.example.com',
      likeCount: 7,
      shareCount: 2,
      commentCount: 0,
      viewCount: null,
      publishedAt: '2026-01-02T03:04:05.000Z',
      type: 'text',
    });
  });

  it('reads media: one image, a carousel, a video, a link card, record-with-media, a quote', () => {
    expect(post(imagesEmbed(1))).toMatchObject({
      type: 'image',
      mediaUrls: [expect.stringContaining('img0')],
      thumbnailUrl: expect.stringContaining('thumbnail/plain/img0'),
    });
    expect(post(imagesEmbed(3)).type).toBe('carousel');
    expect(post(imagesEmbed(3)).mediaUrls).toHaveLength(3);
    const video = {
      $type: 'app.bsky.embed.video#view',
      playlist: 'https://video.bsky.app/p.m3u8',
      thumbnail: 'https://video.bsky.app/t.jpg',
    };
    expect(post(video)).toMatchObject({
      type: 'video',
      mediaUrls: ['https://video.bsky.app/p.m3u8'],
      thumbnailUrl: 'https://video.bsky.app/t.jpg',
    });
    const card = {
      $type: 'app.bsky.embed.external#view',
      external: { uri: 'https://example.com', title: 't', thumb: 'https://cdn.bsky.app/card.jpg' },
    };
    expect(post(card)).toMatchObject({
      type: 'text',
      mediaUrls: [],
      thumbnailUrl: 'https://cdn.bsky.app/card.jpg',
      linkUrl: 'https://example.com',
    });
    const quoted = postView('bo.example.com', 'q1');
    const withMedia = { $type: 'app.bsky.embed.recordWithMedia#view', media: video, record: quoteEmbed(quoted) };
    expect(post(withMedia).type).toBe('video');
    expect(embedMedia(withMedia).quote).toBe(quoted.uri);
    expect(embedMedia(quoteEmbed(quoted))).toEqual({ type: 'text', mediaUrls: [], thumbnailUrl: null, quote: quoted.uri, link: null });
    expect(post({ $type: 'app.bsky.embed.unknownThing#view' }).type).toBe('text');
  });
});

describe('creators', () => {
  it('maps a detailed profile, verification, a labeler and a website', () => {
    const view = profileViewSchema.parse({
      ...profileView('ana.example.com', { detailed: true, verified: true, labeler: true }),
      website: 'https://ana.example.com',
      displayName: '',
    });
    expect(profileToCreator(view, FETCHED_AT)).toMatchObject({
      id: view.did,
      handle: 'ana.example.com',
      displayName: null,
      followerCount: 120,
      followingCount: 45,
      postCount: 9,
      verified: true,
      category: 'Labeler',
      isPrivate: false,
      externalLinks: ['https://ana.example.com'],
    });
    const plain = profileToCreator(profileViewSchema.parse(profileView('bo.example.com')), FETCHED_AT);
    expect(plain).toMatchObject({ followerCount: null, postCount: null, verified: null, category: null, externalLinks: [], bio: null });
  });
});

describe('the opt-out label', () => {
  it('is the self-label !no-unauthenticated, not negated; moderation labels do not count', () => {
    expect(isOptedOut(profileView('quiet.example.com', { optedOut: true }))).toBe(true);
    expect(isOptedOut(profileView('ana.example.com'))).toBe(false);
    expect(isOptedOut({ ...profileView('x.example.com'), labels: [{ val: '!no-unauthenticated', neg: true }] })).toBe(false);
    expect(isOptedOut({ ...profileView('x.example.com'), labels: [{ val: 'scam' }] })).toBe(false);
  });

  it('leaves nothing of an opted-out account in raw: items removed, quotes and reply refs not-found, profiles dropped, viewer gone', () => {
    const quiet = profileView('quiet.example.com', { optedOut: true });
    const hushed = postView('quiet.example.com', 'h1', { author: quiet });
    const body = {
      feed: [
        { post: hushed },
        { post: postView('ana.example.com', 'a1', { embed: quoteEmbed(hushed) }), viewer: { like: 'at://x' } },
        {
          post: postView('ana.example.com', 'a2'),
          reply: {
            root: { $type: 'app.bsky.feed.defs#postView', ...hushed },
            parent: postView('bo.example.com', 'b1'),
            grandparentAuthor: quiet,
          },
        },
        { post: postView('bo.example.com', 'b2'), reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: quiet } },
      ],
    };
    const scrubbed = withoutOptedOut(body) as { feed: Record<string, any>[] };
    expect(JSON.stringify(scrubbed)).not.toContain('quiet.example.com');
    expect(JSON.stringify(scrubbed)).not.toContain('"viewer"');
    expect(scrubbed.feed).toHaveLength(2);
    expect(scrubbed.feed[0]!.post.embed.record).toEqual({ $type: 'app.bsky.embed.record#viewNotFound', uri: hushed.uri, notFound: true });
    expect(scrubbed.feed[1]!.reply).toEqual({
      root: { $type: 'app.bsky.feed.defs#notFoundPost', uri: hushed.uri, notFound: true },
      parent: expect.objectContaining({ uri: postView('bo.example.com', 'b1').uri }),
    });
  });
});
