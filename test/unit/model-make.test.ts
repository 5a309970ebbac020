import { describe, expect, it } from 'vitest';
import { commentSchema, creatorSchema, postSchema, transcriptSchema } from '../../src/model/content.js';
import {
  COMMENT_FIELDS,
  CREATOR_FIELDS,
  makeComment,
  makeCreator,
  makePost,
  makeTranscript,
  POST_FIELDS,
  TRANSCRIPT_FIELDS,
} from '../../src/model/make.js';

const FETCHED = '2026-01-02T03:04:05.000Z';

describe('the standard types built from what a platform knows', () => {
  it('know the fields of each schema, in its order', () => {
    expect(POST_FIELDS).toEqual(Object.keys(postSchema.shape));
    expect(COMMENT_FIELDS).toEqual(Object.keys(commentSchema.shape));
    expect(CREATOR_FIELDS).toEqual(Object.keys(creatorSchema.shape));
    expect(TRANSCRIPT_FIELDS).toEqual(Object.keys(transcriptSchema.shape));
  });

  it('fills a Creator with nulls and empty arrays, valid against its schema', () => {
    const creator = makeCreator({ platform: 'example', id: '42', displayName: 'Ada', fetchedAt: FETCHED });
    expect(creatorSchema.parse(creator)).toEqual(creator);
    expect(creator).toMatchObject({ handle: null, followerCount: null, externalLinks: [], displayName: 'Ada' });
    // An optional field is absent, not null: null would claim the platform was asked and said nothing.
    expect('likeCount' in creator).toBe(false);
  });

  it('writes the fields in the schema order whatever order they are given in', () => {
    const creator = makeCreator({ fetchedAt: FETCHED, location: 'Paris', id: '1', platform: 'example', likeCount: 3 });
    expect(Object.keys(creator)).toEqual(Object.keys(creatorSchema.shape));
    const post = makePost({ fetchedAt: FETCHED, linkUrl: null, type: 'text', id: '9', platform: 'example' });
    expect(Object.keys(post)).toEqual(Object.keys(postSchema.shape).filter((key) => key !== 'taggedUsers'));
  });

  it('keeps what is given over the defaults, null included', () => {
    const post = makePost({ platform: 'example', id: '9', type: 'video', fetchedAt: FETCHED, viewCount: 0, hashtags: ['a'] });
    expect(postSchema.parse(post)).toEqual(post);
    expect([post.viewCount, post.hashtags, post.likeCount, post.mediaUrls]).toEqual([0, ['a'], null, []]);
  });

  it('gives every value arrays of its own', () => {
    const first = makePost({ platform: 'example', id: '1', type: 'text', fetchedAt: FETCHED });
    first.mediaUrls.push('https://example.test/a.png');
    const second = makePost({ platform: 'example', id: '2', type: 'text', fetchedAt: FETCHED });
    expect(second.mediaUrls).toEqual([]);
  });

  it('builds Comments and Transcripts the same way', () => {
    const comment = makeComment({ platform: 'example', id: 'c1', text: 'hello', postId: '9' });
    expect(commentSchema.parse(comment)).toEqual(comment);
    expect(Object.keys(comment)).toEqual(Object.keys(commentSchema.shape));
    expect([comment.parentId, comment.isPinned]).toEqual([null, null]);
    const transcript = makeTranscript({
      platform: 'example',
      postId: '9',
      text: 'hi',
      cues: [{ start: 0, end: null, text: 'hi' }],
      fetchedAt: FETCHED,
    });
    expect(transcriptSchema.parse(transcript)).toEqual(transcript);
    expect(Object.keys(transcript)).toEqual(Object.keys(transcriptSchema.shape));
    expect([transcript.id, transcript.language, transcript.source]).toEqual([null, null, null]);
  });
});
