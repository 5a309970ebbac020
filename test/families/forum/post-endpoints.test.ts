import { describe, expect, it } from 'vitest';
import type { GatewayError } from '../../../src/errors.js';
import { forumCommentRepliesEndpoint } from '../../../src/families/forum/endpoints/comment-replies.js';
import { forumPostCommentsEndpoint } from '../../../src/families/forum/endpoints/post-comments.js';
import { forumPostEndpoint } from '../../../src/families/forum/endpoints/post.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { asList, asSingle, atomAnswer, blocked, fixture, jsonAnswer, rateLimited, rawOf, runEndpoint } from './support.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as GatewayError).code;
  }
  return 'no error';
}

describe('GET /v1/forum/post', () => {
  it('reads the post from element 0 of the comments page', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('post-thread-no-comments.json')));
    const result = asSingle(await runEndpoint(forumPostEndpoint, { url: 'https://redd.it/tx1a2b' }, upstream));
    expect(upstream.calls).toEqual([
      { url: 'https://www.reddit.com/comments/tx1a2b.json?limit=1&depth=1&raw_json=1', passStatuses: [400, 403, 404] },
    ]);
    expect(result.data).toMatchObject({ id: 'tx1a2b', type: 'text', commentCount: 25, likeCount: 42 });
    expect(rawOf(result)).toMatchObject({ via: 'json', url: upstream.calls[0]?.url });
  });

  it.each([
    ['error-not-found.json', 404, 'not_found'],
    ['error-private.json', 403, 'private'],
    ['error-quarantined.json', 403, 'quarantined'],
    ['error-banned.json', 404, 'banned'],
  ])('classifies %s as an empty result', async (file, status, reason) => {
    const upstream = stubUpstream(() => jsonAnswer(fixture(file), status));
    expect(asSingle(await runEndpoint(forumPostEndpoint, { url: 'tx1a2b' }, upstream))).toMatchObject({ data: null, emptyReason: reason });
  });

  it('falls back to the post feed when JSON is blocked: null counts, raw.via atom', async () => {
    const upstream = stubUpstream((_request, url) => (url.pathname.endsWith('.json') ? blocked() : atomAnswer(fixture('post-feed.xml'))));
    const result = asSingle(await runEndpoint(forumPostEndpoint, { url: 't3_tx1a2b' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([
      'https://www.reddit.com/comments/tx1a2b.json?limit=1&depth=1&raw_json=1',
      'https://www.reddit.com/comments/tx1a2b.rss?limit=1&depth=1',
    ]);
    expect(result.data).toMatchObject({ id: 'tx1a2b', text: 'Share your beds here.', likeCount: null, commentCount: null });
    expect(rawOf(result).via).toBe('atom');
  });

  it('rethrows the original error when the feed fails too', async () => {
    const upstream = stubUpstream((_request, url) => (url.pathname.endsWith('.json') ? rateLimited() : blocked()));
    expect(await codeOf(runEndpoint(forumPostEndpoint, { url: 'tx1a2b' }, upstream))).toBe('upstream_rate_limited');
  });

  it('does not fall back on other failures', async () => {
    const upstream = stubUpstream(() => jsonAnswer('{"kind": "t3"}'));
    expect(await codeOf(runEndpoint(forumPostEndpoint, { url: 'tx1a2b' }, upstream))).toBe('upstream_schema_drift');
    expect(upstream.calls).toHaveLength(1);
  });

  it('rejects foreign hosts before any request', async () => {
    const upstream = stubUpstream(() => undefined);
    expect(await codeOf(runEndpoint(forumPostEndpoint, { url: 'https://evil.example/r/x/comments/tx1a2b/' }, upstream))).toBe(
      'invalid_request',
    );
    expect(upstream.calls).toHaveLength(0);
  });
});

describe('GET /v1/forum/post/comments', () => {
  it('flattens the first page and reports stubs, totals and hasMore', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('post-thread-comments.json')));
    const result = asList(
      await runEndpoint(forumPostCommentsEndpoint, { url: 'https://www.reddit.com/r/examplesub/comments/tx1a2b/x/' }, upstream),
    );
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/tx1a2b.json?sort=confidence&depth=4&limit=100&raw_json=1');
    expect(result.items.map((comment) => comment.id)).toEqual(['c00001', 'c00002', 'c00003', 'c00004', 'c00005', 'c00008']);
    expect(result.pagination).toEqual({ cursor: null, hasMore: true });
    expect(rawOf(result).totalComments).toBe(25);
    expect((rawOf(result).moreStubs as unknown[]).length).toBe(3);
  });

  it('passes sort, depth and limit, and keeps at most limit top-level comments', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('post-thread-comments.json')));
    const result = asList(await runEndpoint(forumPostCommentsEndpoint, { url: 'tx1a2b', sort: 'new', depth: '2', limit: '2' }, upstream));
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/tx1a2b.json?sort=new&depth=2&limit=2&raw_json=1');
    expect(result.items.filter((comment) => comment.parentId === null).map((comment) => comment.id)).toEqual(['c00001', 'c00002']);
    expect(result.pagination.hasMore).toBe(true);
  });

  it('has no more when every comment came back and no stub exists', async () => {
    const body = JSON.parse(fixture('post-thread-comments.json')) as [unknown, { data: { children: { kind: string }[] } }];
    body[1].data.children = body[1].data.children.filter((child) => child.kind === 't1').slice(2);
    const [postListing] = body as unknown as [{ data: { children: { data: { num_comments: number } }[] } }];
    postListing.data.children[0]!.data.num_comments = 1;
    const result = asList(
      await runEndpoint(
        forumPostCommentsEndpoint,
        { url: 'tx1a2b' },
        stubUpstream(() => jsonAnswer(body)),
      ),
    );
    expect(result.items.map((comment) => comment.id)).toEqual(['c00008']);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('is empty for a post without comments, and for a missing post', async () => {
    const none = asList(
      await runEndpoint(
        forumPostCommentsEndpoint,
        { url: 'tx1a2b' },
        stubUpstream(() => jsonAnswer(fixture('post-thread-no-comments.json'))),
      ),
    );
    expect(none).toMatchObject({ items: [], emptyReason: 'no_comments' });
    const missing = asList(
      await runEndpoint(
        forumPostCommentsEndpoint,
        { url: 'tx1a2b' },
        stubUpstream(() => jsonAnswer(fixture('error-not-found.json'), 404)),
      ),
    );
    expect(missing).toMatchObject({ items: [], emptyReason: 'not_found', pagination: { cursor: null, hasMore: false } });
  });

  it('validates depth and limit ranges', () => {
    expect(forumPostCommentsEndpoint.params.safeParse({ url: 'x', depth: 11 }).success).toBe(false);
    expect(forumPostCommentsEndpoint.params.safeParse({ url: 'x', limit: 501 }).success).toBe(false);
    expect(forumPostCommentsEndpoint.params.safeParse({ url: 'x', sort: 'best' }).success).toBe(false);
    expect(forumPostCommentsEndpoint.params.parse({ url: 'x' })).toEqual({ url: 'x', sort: 'confidence', depth: 4, limit: 100 });
  });
});

describe('GET /v1/forum/post/comment/replies', () => {
  it('returns the thread below the comment, the comment itself under raw.anchor', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('comment-permalink.json')));
    const result = asList(
      await runEndpoint(
        forumCommentRepliesEndpoint,
        { url: 'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend/c00002/' },
        upstream,
      ),
    );
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/tx1a2b/_/c00002.json?sort=confidence&depth=7&raw_json=1');
    expect(result.items.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['c00003', 'c00002'],
      ['c00005', 'c00002'],
    ]);
    expect(rawOf(result).anchor).toMatchObject({ id: 'c00002', parentId: null, replyCount: 7 });
    expect((rawOf(result).moreStubs as { id: string; parentId: string }[]).map((stub) => [stub.id, stub.parentId])).toEqual([
      ['c0000c', 'c00003'],
      ['c00006', 'c00002'],
    ]);
    expect(result.pagination).toEqual({ cursor: null, hasMore: true });
  });

  it('accepts postId:commentId with sort and depth', async () => {
    const upstream = stubUpstream(() => jsonAnswer(fixture('comment-permalink.json')));
    await runEndpoint(forumCommentRepliesEndpoint, { url: 'tx1a2b:c00002', sort: 'top', depth: 1 }, upstream);
    expect(upstream.calls[0]?.url).toBe('https://www.reddit.com/comments/tx1a2b/_/c00002.json?sort=top&depth=2&raw_json=1');
  });

  it('is empty when the comment is not in the answer, or has no replies', async () => {
    const missing = asList(
      await runEndpoint(
        forumCommentRepliesEndpoint,
        { url: 'tx1a2b:zzzzzz' },
        stubUpstream(() => jsonAnswer(fixture('comment-permalink.json'))),
      ),
    );
    expect(missing).toMatchObject({ items: [], emptyReason: 'not_found' });
    const lonely = asList(
      await runEndpoint(
        forumCommentRepliesEndpoint,
        { url: 'tx1a2b:c00002' },
        stubUpstream(() => jsonAnswer(fixture('comment-permalink-no-replies.json'))),
      ),
    );
    expect(lonely).toMatchObject({ items: [], emptyReason: 'no_replies', pagination: { hasMore: false } });
  });

  it('rejects a post URL that names no comment', async () => {
    const upstream = stubUpstream(() => undefined);
    expect(
      await codeOf(runEndpoint(forumCommentRepliesEndpoint, { url: 'https://www.reddit.com/r/examplesub/comments/tx1a2b/' }, upstream)),
    ).toBe('invalid_request');
  });
});
