import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../../support/fake-upstream-server.js';
import { listing, userAbout } from '../forum-data.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, comment, fixture, json, text, thread, upstreamUrls } from './support.js';

/**
 * The forum graph beyond REST (contract 8): Post.author/comments/community/transcript,
 * Comment.author and Creator.posts each resolve through their endpoint, one upstream
 * resource is fetched once per query, and extensions.billing counts the live fetches.
 */

const POST = 'gq0001';
const USER_ROUTE: FakeRoute = (_request, url) => {
  const match = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
  return match ? json(userAbout(match[1]!, 9)) : undefined;
};
const POST_THREAD = thread({ id: POST, author: 'maple_writer', subreddit: 'examplesub', numComments: 4 }, [
  comment(POST, { id: 'g1', author: 'maple_writer', replies: [comment(POST, { id: 'g2', parent: 'g1', author: 'cedar_fan' })] }),
  comment(POST, { id: 'g3', author: '[deleted]', body: '[deleted]' }),
  comment(POST, { id: 'g4', author: 'cedar_fan' }),
]);

/** How many upstream requests went to each `host + path?query`. */
function requestCounts(harness: Harness): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const url of upstreamUrls(harness)) counts[url] = (counts[url] ?? 0) + 1;
  return counts;
}

describe('forum graph edges over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('resolves Post.author, Post.community, Post.comments and Comment.author, each resource fetched once', async () => {
    harness.upstream
      .on(at(`/comments/${POST}.json`, json(POST_THREAD)))
      .on(at('/r/examplesub/about.json', json(fixture('about-subreddit.json'))))
      .on(USER_ROUTE);
    const { status, body } = await harness.graphql(
      `query ($url: String!) {
        forumPost(url: $url) {
          id: platformId
          authorId
          author { id: platformId handle followerCount }
          community { handle followerCount }
          comments { items { id: platformId parentId author { handle } } pagination { cursor hasMore } }
        }
      }`,
      { url: `https://old.reddit.com/r/examplesub/comments/${POST}/synthetic_post/` },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.forumPost).toEqual({
      id: POST,
      authorId: 'maplewriter',
      author: { id: 'maplewriter', handle: 'maple_writer', followerCount: 9 },
      community: { handle: 'examplesub', followerCount: 123456 },
      comments: {
        items: [
          { id: 'g1', parentId: null, author: { handle: 'maple_writer' } },
          { id: 'g2', parentId: 'g1', author: { handle: 'cedar_fan' } },
          { id: 'g3', parentId: null, author: null },
          { id: 'g4', parentId: null, author: { handle: 'cedar_fan' } },
        ],
        pagination: { cursor: null, hasMore: false },
      },
    });
    // maple_writer is asked for by Post.author and Comment.author, cedar_fan by two comments.
    expect(requestCounts(harness)).toEqual({
      [`www.reddit.com/comments/${POST}.json?limit=1&depth=1&raw_json=1`]: 1,
      [`www.reddit.com/comments/${POST}.json?sort=confidence&depth=4&limit=100&raw_json=1`]: 1,
      'www.reddit.com/r/examplesub/about.json?raw_json=1': 1,
      'www.reddit.com/user/maple_writer/about.json?raw_json=1': 1,
      'www.reddit.com/user/cedar_fan/about.json?raw_json=1': 1,
    });
    expect(body.extensions.billing).toEqual({ creditsCharged: 5, liveFetches: 5, cacheHits: 0 });
  });

  it('resolves Post.transcript through the transcript endpoint, billing 1 credit for it', async () => {
    harness.upstream
      .on(at('/comments/vd5e6f.json', json(fixture('post-thread-video.json'))))
      .on(at('/vid0example1/DASHPlaylist.mpd', text(fixture('dash-with-captions.mpd'), 'application/dash+xml'), 'v.redd.it'))
      .on(at('/vid0example1/wh_ben_en/captions_en.vtt', text(fixture('captions.vtt'), 'text/vtt'), 'v.redd.it'));
    const { body } = await harness.graphql(
      '{ forumPost(url: "vd5e6f") { id: platformId type transcript { postId source text cues { start end } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.forumPost).toMatchObject({
      id: 'vd5e6f',
      type: 'video',
      transcript: { postId: 'vd5e6f', source: 'captions', text: 'This is the garden in spring. Tomatoes & beans grow fast.' },
    });
    expect(body.data.forumPost.transcript.cues).toHaveLength(3);
    expect(body.extensions.billing).toEqual({ creditsCharged: 2, liveFetches: 2, cacheHits: 0 });
    expect(requestCounts(harness)['v.redd.it/vid0example1/wh_ben_en/captions_en.vtt']).toBe(1);
  });

  it('fetches the post JSON once when forumPost and Post.transcript both need it', async () => {
    harness.upstream
      .on(at('/comments/vd5e6f.json', json(fixture('post-thread-video.json'))))
      .on(at('/vid0example1/DASHPlaylist.mpd', text(fixture('dash-with-captions.mpd'), 'application/dash+xml'), 'v.redd.it'))
      .on(at('/vid0example1/wh_ben_en/captions_en.vtt', text(fixture('captions.vtt'), 'text/vtt'), 'v.redd.it'));
    await harness.graphql('{ forumPost(url: "vd5e6f") { transcript { text } } }');
    expect(requestCounts(harness)['www.reddit.com/comments/vd5e6f.json?limit=1&depth=1&raw_json=1']).toBe(1);
  });

  it('answers Post.transcript of a link post with null: a live fetch that costs nothing', async () => {
    harness.upstream.on(at('/comments/lk9i0j.json', json(fixture('post-thread-link.json'))));
    const { body } = await harness.graphql('{ forumPost(url: "lk9i0j") { id: platformId transcript { text } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.forumPost).toEqual({ id: 'lk9i0j', transcript: null });
    expect(body.extensions.billing).toEqual({ creditsCharged: 1, liveFetches: 2, cacheHits: 0 });
  });

  it("resolves Creator.posts for a user and a community, and the posts' author is the root user, fetched once", async () => {
    harness.upstream
      .on(USER_ROUTE)
      .on(
        at(
          '/user/maple_writer/submitted.json',
          json(
            listing(
              [
                { id: 'up0001', author: 'maple_writer' },
                { id: 'up0002', author: 'maple_writer' },
              ],
              't3_up0002',
            ),
          ),
        ),
      )
      .on(at('/r/examplesub/about.json', json(fixture('about-subreddit.json'))))
      .on(at('/r/examplesub/hot.json', json(listing([{ id: 'hp0001', author: 'cedar_fan', subreddit: 'examplesub' }]))));
    const { body } = await harness.graphql(`{
      forumUser(username: "maple_writer") { handle posts { items { id: platformId author { handle } } pagination { cursor hasMore } } }
      forumSubredditDetails(subreddit: "examplesub") { handle posts { items { id: platformId authorHandle } } }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      forumUser: {
        handle: 'maple_writer',
        posts: {
          items: [
            { id: 'up0001', author: { handle: 'maple_writer' } },
            { id: 'up0002', author: { handle: 'maple_writer' } },
          ],
          pagination: { cursor: 't3_up0002', hasMore: true },
        },
      },
      forumSubredditDetails: { handle: 'examplesub', posts: { items: [{ id: 'hp0001', authorHandle: 'cedar_fan' }] } },
    });
    expect(requestCounts(harness)).toEqual({
      'www.reddit.com/user/maple_writer/about.json?raw_json=1': 1,
      'www.reddit.com/user/maple_writer/submitted.json?sort=new&limit=25&raw_json=1': 1,
      'www.reddit.com/r/examplesub/about.json?raw_json=1': 1,
      'www.reddit.com/r/examplesub/hot.json?limit=25&raw_json=1': 1,
    });
    expect(body.extensions.billing).toEqual({ creditsCharged: 4, liveFetches: 4, cacheHits: 0 });
  });

  it('fetches one resource once when two root fields ask for it with the same arguments', async () => {
    harness.upstream.on(USER_ROUTE);
    const { body } = await harness.graphql(
      '{ a: forumUser(username: "cedar_fan") { id: platformId } b: forumUser(username: "cedar_fan") { handle } }',
    );
    expect(body.data).toEqual({ a: { id: 'cedarfan' }, b: { handle: 'cedar_fan' } });
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/user/cedar_fan/about.json?raw_json=1']);
    expect(body.extensions.billing).toEqual({ creditsCharged: 1, liveFetches: 1, cacheHits: 0 });
  });

  it('fetches one account once when it is named in two accepted forms in one query', async () => {
    harness.upstream.on(USER_ROUTE);
    const { body } = await harness.graphql(
      '{ a: forumUser(username: "cedar_fan") { id: platformId } b: forumUser(username: "u/cedar_fan") { id: platformId } }',
    );
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/user/cedar_fan/about.json?raw_json=1']);
    expect(body.extensions.billing.creditsCharged).toBe(1);
  });

  it('matches REST: an edge whose fetch fails is an error with the spec code; the rest resolves and only successes are billed', async () => {
    harness.upstream
      .on(at(`/comments/${POST}.json`, json(POST_THREAD)))
      .on(at('/r/examplesub/about.json', { status: 403, body: '<html><body>whoa there, pardner!</body></html>' }))
      .on(at('/r/examplesub/', { status: 403, body: '<html><body>whoa there, pardner!</body></html>' }))
      .on(USER_ROUTE);
    const { body } = await harness.graphql(`{ forumPost(url: "${POST}") { id: platformId author { handle } community { handle } } }`);
    expect(body.data.forumPost).toEqual({ id: POST, author: { handle: 'maple_writer' }, community: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      path: ['forumPost', 'community'],
      extensions: { code: 'upstream_blocked', http: { status: 502 } },
    });
    expect(body.extensions.billing).toEqual({ creditsCharged: 2, liveFetches: 2, cacheHits: 0 });
  });
});
