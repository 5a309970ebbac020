import { describe, expect, it } from 'vitest';
import type { GatewayError } from '../../../src/errors.js';
import { forumSearchEndpoint } from '../../../src/families/forum/endpoints/search.js';
import { forumSubredditEndpoint } from '../../../src/families/forum/endpoints/subreddit.js';
import { forumUserPostsEndpoint } from '../../../src/families/forum/endpoints/user-posts.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { asList, atomAnswer, blocked, fixture, jsonAnswer, rateLimited, rawOf, runEndpoint } from './support.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as GatewayError).code;
  }
  return 'no error';
}

const feedWhenJsonFails = (failure: () => GatewayError, feed: string) =>
  stubUpstream((_request, url) => (url.pathname.endsWith('.json') ? failure() : atomAnswer(fixture(feed))));

describe('GET /v1/forum/subreddit', () => {
  it('lists posts in served order with the after cursor', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('listing-subreddit.json')));
    const result = asList(await runEndpoint(forumSubredditEndpoint, { subreddit: 'https://www.reddit.com/r/examplesub/' }, upstream));
    expect(upstream.calls).toEqual([
      { url: 'https://www.reddit.com/r/examplesub/hot.json?limit=25&raw_json=1', passStatuses: [400, 403, 404] },
    ]);
    expect(result.items.map((post) => post.id)).toEqual(['tx1a2b', 'im3c4d', 'vd5e6f', 'gl7g8h', 'lk9i0j']);
    expect(result.pagination).toEqual({ cursor: 't3_lk9i0j', hasMore: true });
    expect(rawOf(result).via).toBe('json');
    expect((rawOf(result).posts as unknown[])[0]).toEqual({
      id: 'tx1a2b',
      community: 'examplesub',
      flair: 'Discussion',
      postType: 'self',
      upvoteRatio: 0.9,
    });
  });

  it('sends t only with top and controversial, and the cursor as after', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('listing-empty.json')));
    await runEndpoint(
      forumSubredditEndpoint,
      { subreddit: 'r/examplesub', sort: 'top', timeframe: 'week', limit: '10', cursor: 't3_abc123' },
      upstream,
    );
    await runEndpoint(forumSubredditEndpoint, { subreddit: 'examplesub', sort: 'controversial', after: 't3_abc123' }, upstream);
    await runEndpoint(forumSubredditEndpoint, { subreddit: 'examplesub', sort: 'new', timeframe: 'week' }, upstream);
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/r/examplesub/top.json?t=week&limit=10&after=t3_abc123&raw_json=1',
      'https://www.reddit.com/r/examplesub/controversial.json?t=day&limit=25&after=t3_abc123&raw_json=1',
      'https://www.reddit.com/r/examplesub/new.json?limit=25&raw_json=1',
    ]);
  });

  it('is empty without a cursor at the end of a listing', async () => {
    const result = asList(
      await runEndpoint(
        forumSubredditEndpoint,
        { subreddit: 'examplesub' },
        stubUpstream(() => jsonAnswer(fixture('listing-empty.json'))),
      ),
    );
    expect(result).toMatchObject({ items: [], pagination: { cursor: null, hasMore: false }, emptyReason: 'no_results' });
  });

  it.each([
    ['error-private.json', 403, 'private'],
    ['error-quarantined.json', 403, 'quarantined'],
    ['error-banned.json', 404, 'banned'],
    ['error-not-found.json', 404, 'not_found'],
  ])('classifies %s as an empty result, not a block', async (file, status, reason) => {
    const result = asList(
      await runEndpoint(
        forumSubredditEndpoint,
        { subreddit: 'examplesub' },
        stubUpstream(() => jsonAnswer(fixture(file), status)),
      ),
    );
    expect(result).toMatchObject({ items: [], emptyReason: reason });
  });

  it('reads the redirect to community search as not_found', async () => {
    const upstream = stubUpstream(() =>
      jsonAnswer(fixture('subreddit-search-redirect.json'), 200, 'https://www.reddit.com/subreddits/search.json?q=nosuchsub&raw_json=1'),
    );
    expect(asList(await runEndpoint(forumSubredditEndpoint, { subreddit: 'nosuchsub' }, upstream))).toMatchObject({
      items: [],
      emptyReason: 'not_found',
    });
  });

  it('falls back to the feed when JSON is blocked or rate-limited: null scores, raw.via atom', async () => {
    for (const failure of [blocked, rateLimited]) {
      const upstream = feedWhenJsonFails(failure, 'subreddit-feed.xml');
      const result = asList(await runEndpoint(forumSubredditEndpoint, { subreddit: 'examplesub', limit: 3 }, upstream));
      expect(upstream.calls.map((call) => call.url)).toEqual([
        'https://www.reddit.com/r/examplesub/hot.json?limit=3&raw_json=1',
        'https://www.reddit.com/r/examplesub/hot.rss?limit=3',
      ]);
      expect(result.items.map((post) => [post.id, post.likeCount, post.commentCount])).toEqual([
        ['tx1a2b', null, null],
        ['im3c4d', null, null],
        ['lk9i0j', null, null],
      ]);
      expect(result.pagination).toEqual({ cursor: 't3_lk9i0j', hasMore: true });
      expect(rawOf(result).via).toBe('atom');
      expect((rawOf(result).posts as { community: string; flair: null }[]).map((extra) => [extra.community, extra.flair])).toEqual([
        ['examplesub', null],
        ['examplesub', null],
        ['examplesub', null],
      ]);
    }
  });

  it('has no feed cursor when the feed page is short', async () => {
    const result = asList(
      await runEndpoint(forumSubredditEndpoint, { subreddit: 'examplesub' }, feedWhenJsonFails(blocked, 'subreddit-feed.xml')),
    );
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('rethrows the JSON error when the feed fails too', async () => {
    const upstream = stubUpstream((_request, url) => (url.pathname.endsWith('.json') ? blocked() : jsonAnswer('not a feed')));
    expect(await codeOf(runEndpoint(forumSubredditEndpoint, { subreddit: 'examplesub' }, upstream))).toBe('upstream_blocked');
  });

  it('validates names, cursors and the alias', async () => {
    const upstream = stubUpstream(() => undefined);
    expect(await codeOf(runEndpoint(forumSubredditEndpoint, { subreddit: 'https://evil.example/r/x' }, upstream))).toBe('invalid_request');
    expect(await codeOf(runEndpoint(forumSubredditEndpoint, { subreddit: 'x', cursor: 't3_aaa', after: 't3_bbb' }, upstream))).toBe(
      'invalid_request',
    );
    expect(forumSubredditEndpoint.params.safeParse({ subreddit: 'x', cursor: 'abc&limit=5' }).success).toBe(false);
    expect(forumSubredditEndpoint.params.safeParse({ subreddit: 'x', limit: 101 }).success).toBe(false);
    expect(forumSubredditEndpoint.params.parse({ subreddit: 'x' })).toEqual({ subreddit: 'x', sort: 'hot', timeframe: 'day', limit: 25 });
    expect(upstream.calls).toHaveLength(0);
  });
});

describe('GET /v1/forum/search', () => {
  it('searches site-wide with every parameter Reddit needs', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('user-submitted.json')));
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'raised beds author:maple_writer' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/search.json?q=raised+beds+author%3Amaple_writer&sort=relevance&t=all&limit=25&raw_json=1',
    ]);
    expect(result.items.map((post) => post.text !== null)).toEqual([true, false]);
    expect(rawOf(result)).toMatchObject({
      via: 'json',
      companionFeed: { status: 'not_needed' },
      posts: [expect.objectContaining({ community: 'examplesub' }), expect.anything()],
    });
  });

  it('restricts to one community', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('listing-empty.json')));
    await runEndpoint(
      forumSearchEndpoint,
      { query: 'compost', subreddit: 'https://www.reddit.com/r/gardenhelp/', sort: 'top', timeframe: 'year', limit: 7, after: 't3_abc123' },
      upstream,
    );
    expect(upstream.calls[0]?.url).toBe(
      'https://www.reddit.com/r/gardenhelp/search.json?q=compost&restrict_sr=1&sort=top&t=year&limit=7&after=t3_abc123&raw_json=1',
    );
  });

  it('takes withheld bodies from the companion feed, null where the feed lacks the result', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? jsonAnswer(fixture('search-withheld-bodies.json')) : atomAnswer(fixture('search-feed.xml')),
    );
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'raised beds' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/search.json?q=raised+beds&sort=relevance&t=all&limit=25&raw_json=1',
      'https://www.reddit.com/search.rss?q=raised+beds&sort=relevance&t=all&limit=25',
    ]);
    expect(result.items.map((post) => [post.id, post.text])).toEqual([
      ['sr1k2l', 'Start with untreated cedar.\n\n- Line it\n- Fill it'],
      ['sr3m4n', null],
      ['lk9i0j', null],
    ]);
    expect(result.items[0]?.likeCount).toBe(42); // scores still come from JSON
    expect(rawOf(result).companionFeed).toEqual({ status: 'used', url: upstream.calls[1]?.url, matched: 1 });
    expect(result.pagination).toEqual({ cursor: 't3_lk9i0j', hasMore: true });
  });

  it('keeps the JSON results when the companion feed fails', async () => {
    const upstream = stubUpstream((_request, url) =>
      url.pathname.endsWith('.json') ? jsonAnswer(fixture('search-withheld-bodies.json')) : rateLimited(),
    );
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'raised beds' }, upstream));
    expect(result.items.map((post) => post.text)).toEqual([null, null, null]);
    expect(rawOf(result).companionFeed).toMatchObject({ status: 'failed', code: 'upstream_rate_limited' });
  });

  it('answers from the feed alone when JSON is blocked', async () => {
    const result = asList(await runEndpoint(forumSearchEndpoint, { query: 'raised beds' }, feedWhenJsonFails(blocked, 'search-feed.xml')));
    expect(result.items).toEqual([
      expect.objectContaining({
        id: 'sr1k2l',
        likeCount: null,
        commentCount: null,
        text: 'Start with untreated cedar.\n\n- Line it\n- Fill it',
      }),
    ]);
    expect(rawOf(result)).toMatchObject({
      via: 'atom',
      posts: [{ id: 'sr1k2l', community: 'gardenhelp', flair: null, postType: null, upvoteRatio: null }],
    });
  });

  it('validates the query', () => {
    expect(forumSearchEndpoint.params.safeParse({ query: '   ' }).success).toBe(false);
    expect(forumSearchEndpoint.params.safeParse({ query: 'x', sort: 'best' }).success).toBe(false);
    expect(forumSearchEndpoint.params.parse({ query: ' x ' })).toEqual({ query: 'x', sort: 'relevance', timeframe: 'all', limit: 25 });
  });
});

describe('GET /v1/forum/user/posts', () => {
  it('lists submissions newest first by default', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('user-submitted.json')));
    const result = asList(await runEndpoint(forumUserPostsEndpoint, { username: 'u/maple_writer' }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/user/maple_writer/submitted.json?sort=new&limit=25&raw_json=1');
    expect(result.items.map((post) => post.id)).toEqual(['tx1a2b', 'lk9i0j']);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('sends t only with sort=top, and the cursor as after', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('listing-empty.json')));
    await runEndpoint(forumUserPostsEndpoint, { username: 'maple_writer', sort: 'top', timeframe: 'month', cursor: 't3_abc123' }, upstream);
    await runEndpoint(forumUserPostsEndpoint, { username: 'maple_writer', sort: 'hot', timeframe: 'month' }, upstream);
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/user/maple_writer/submitted.json?sort=top&t=month&limit=25&after=t3_abc123&raw_json=1',
      'https://www.reddit.com/user/maple_writer/submitted.json?sort=hot&limit=25&raw_json=1',
    ]);
    expect(Object.keys(forumUserPostsEndpoint.params.shape)).not.toContain('after'); // spec 4.2 lists only cursor here
  });

  it("falls back to the account's feed when JSON is blocked", async () => {
    const upstream = feedWhenJsonFails(blocked, 'subreddit-feed.xml');
    const result = asList(await runEndpoint(forumUserPostsEndpoint, { username: 'maple_writer' }, upstream));
    expect(upstream.calls[1]?.url).toBe('https://www.reddit.com/user/maple_writer/submitted.rss?sort=new&limit=25');
    expect(rawOf(result).via).toBe('atom');
  });

  it('is empty for a missing account', async () => {
    const result = asList(
      await runEndpoint(
        forumUserPostsEndpoint,
        { username: 'gone_user' },
        stubUpstream(() => jsonAnswer(fixture('error-not-found.json'), 404)),
      ),
    );
    expect(result).toMatchObject({ items: [], emptyReason: 'not_found' });
  });
});
