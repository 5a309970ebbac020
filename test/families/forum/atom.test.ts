import { describe, expect, it } from 'vitest';
import { entryListingExtra, entryToPost } from '../../../src/families/forum/atom/entry-to-post.js';
import { parseAtomFeed } from '../../../src/families/forum/atom/feed.js';
import { decodeHtmlEntities, htmlToText } from '../../../src/families/forum/atom/html-text.js';
import { FETCHED_AT, fixture } from './support.js';

describe('parseAtomFeed and entryToPost', () => {
  const entries = parseAtomFeed(fixture('subreddit-feed.xml'));
  const posts = entries.map((entry) => entryToPost(entry, FETCHED_AT));

  it('reads every entry, keeping numeric titles as text', () => {
    expect(entries).toHaveLength(3);
    expect(posts[0]?.title).toBe('2026');
  });

  it('maps a self post: body from the SC_OFF block, canonical www URL, null counts', () => {
    expect(posts[0]).toEqual({
      platform: 'reddit',
      id: 'tx1a2b',
      type: 'text',
      url: 'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
      title: '2026',
      text: "Share your beds here & tag #gardening, @soil_guru.\n\nSecond paragraph isn't short.",
      authorId: null,
      authorHandle: 'maple_writer',
      authorName: null,
      thumbnailUrl: null,
      mediaUrls: [],
      durationSeconds: null,
      viewCount: null,
      likeCount: null,
      commentCount: null,
      shareCount: null,
      hashtags: ['gardening'],
      mentions: ['soil_guru'],
      isSponsored: null,
      publishedAt: '2025-10-09T08:58:20.000Z',
      fetchedAt: FETCHED_AT,
    });
  });

  it('maps an image link with its media:thumbnail and a plain link post', () => {
    expect(posts[1]).toMatchObject({
      type: 'image',
      mediaUrls: ['https://i.redd.it/q9w8e7r6t5y4.jpeg'],
      thumbnailUrl: 'https://b.thumbs.redditmedia.com/tomato140.jpg',
      text: null,
    });
    expect(posts[2]).toMatchObject({ type: 'unknown', mediaUrls: [], text: null, authorHandle: 'paper_reader' });
  });

  it('names the community of each entry for raw.posts', () => {
    expect(entries[0] && entryListingExtra(entries[0], 'tx1a2b')).toEqual({
      id: 'tx1a2b',
      community: 'examplesub',
      flair: null,
      postType: null,
      upvoteRatio: null,
    });
  });

  it('skips comment entries of a post feed', () => {
    const postFeed = parseAtomFeed(fixture('post-feed.xml'));
    expect(postFeed.map((entry) => entryToPost(entry, FETCHED_AT)?.id ?? null)).toEqual(['tx1a2b', null]);
  });

  it('turns non-feed bodies into schema drift', () => {
    expect(() => parseAtomFeed('{"kind":"Listing"}')).toThrow(/Atom feed/);
    expect(() => parseAtomFeed('<html><body>hello</body></html>')).toThrow(/Atom feed/);
  });

  it('reads an empty feed as no entries', () => {
    expect(parseAtomFeed('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toEqual([]);
  });
});

describe('html-text', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeHtmlEntities('a &amp; b &#39;c&#x27; &#32;&nbsp;&bogus; &#99999999;')).toBe("a & b 'c' \u0020\u00a0&bogus; &#99999999;");
  });

  it('keeps paragraphs and list items as lines', () => {
    expect(htmlToText('<div class="md"><p>One <strong>bold</strong></p> <ul><li>a</li><li>b</li></ul><p>Two<br/>lines</p></div>')).toBe(
      'One bold\n\n- a\n- b\n\nTwo\nlines',
    );
  });
});
