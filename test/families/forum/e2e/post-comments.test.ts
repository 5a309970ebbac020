import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, BLOCK_PAGE, comment, expectEmpty, expectError, expectPaid, fixture, json, queryOf, requestsTo, thread } from './support.js';

/** GET /v1/forum/post/comments end to end (spec 4.2 rule 2). */

const comments = (url: string, extra = '') => `/v1/forum/post/comments?url=${encodeURIComponent(url)}${extra}`;

describe('GET /v1/forum/post/comments over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('flattens the first page in reading order with parentId, totalComments and hasMore', async () => {
    harness.upstream.on(at('/comments/tx1a2b.json', json(fixture('post-thread-comments.json'))));
    const response = await harness.get(
      comments('https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/', '&include_raw=true'),
    );
    expectPaid(response, 'list');
    const items = response.body.data.items as { id: string; parentId: string | null; postId: string }[];
    expect(items.map((item) => [item.id, item.parentId])).toEqual([
      ['c00001', null],
      ['c00002', null],
      ['c00003', 'c00002'],
      ['c00004', 'c00003'],
      ['c00005', 'c00002'],
      ['c00008', null],
    ]);
    expect(items.every((item) => item.postId === 'tx1a2b')).toBe(true);
    expect(items.find((item) => item.id === 'c00004')).toMatchObject({ text: '[deleted]', authorHandle: null });
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: true });
    expect(response.body.raw.totalComments).toBe(25);
    expect(response.body.raw.moreStubs.map((stub: { id: string }) => stub.id)).toEqual(['_', 'c00006', 'c00009']);
  });

  it('sends the defaults sort=confidence, depth=4, limit=100 upstream with raw_json=1', async () => {
    harness.upstream.on(at('/comments/tx1a2b.json', json(fixture('post-thread-comments.json'))));
    await harness.get(comments('tx1a2b'));
    expect(requestsTo(harness, '/comments/')).toEqual(['/comments/tx1a2b.json?sort=confidence&depth=4&limit=100&raw_json=1']);
  });

  it('forwards sort, depth and limit upstream', async () => {
    harness.upstream.on(at('/comments/tx1a2b.json', json(fixture('post-thread-comments.json'))));
    expectPaid(await harness.get(comments('t3_tx1a2b', '&sort=top&depth=2&limit=7')), 'list');
    const [url] = requestsTo(harness, '/comments/');
    expect(queryOf(url!)).toEqual({ sort: 'top', depth: '2', limit: '7', raw_json: '1' });
  });

  it('cuts top-level comments at limit and reports hasMore', async () => {
    const body = thread({ id: 'lm0001', author: 'op_user', numComments: 3 }, [
      comment('lm0001', { id: 'k1', author: 'first_user' }),
      comment('lm0001', { id: 'k2', author: 'second_user' }),
      comment('lm0001', { id: 'k3', author: 'third_user' }),
    ]);
    harness.upstream.on(at('/comments/lm0001.json', json(body)));
    const response = await harness.get(comments('lm0001', '&limit=2'));
    expectPaid(response, 'list');
    expect(response.body.data.items.map((item: { id: string }) => item.id)).toEqual(['k1', 'k2']);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: true });
  });

  it('reports hasMore false when the whole thread came back', async () => {
    const body = thread({ id: 'fl0001', author: 'op_user', numComments: 2 }, [
      comment('fl0001', { id: 'm1', author: 'first_user', replies: [comment('fl0001', { id: 'm2', parent: 'm1', author: 'op_user' })] }),
    ]);
    harness.upstream.on(at('/comments/fl0001.json', json(body)));
    const response = await harness.get(comments('fl0001', '&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ id: 'm1', parentId: null, replyCount: 1 }),
      expect.objectContaining({ id: 'm2', parentId: 'm1', replyCount: 0 }),
    ]);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(response.body.raw.totalComments).toBe(2);
  });

  it('answers a post without comments with an empty no_comments result, not charged', async () => {
    harness.upstream.on(at('/comments/nc0002.json', json(thread({ id: 'nc0002', author: 'op_user', numComments: 0 }))));
    const response = await harness.get(comments('nc0002'));
    expectEmpty(response, 'list', 'no_comments');
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('answers a missing post with an empty not_found result', async () => {
    harness.upstream.on(at('/comments/gone03.json', json({ message: 'Not Found', error: 404 }, 404)));
    expectEmpty(await harness.get(comments('gone03')), 'list', 'not_found');
  });

  it('has no fallback: a blocked JSON surface is 502 upstream_blocked with only one upstream request', async () => {
    harness.upstream.on(at('/comments/bk0002.json', BLOCK_PAGE));
    expectError(await harness.get(comments('bk0002')), 502, 'upstream_blocked');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('refuses depth and limit out of range with 400 naming the parameter', async () => {
    const depth = await harness.get(comments('tx1a2b', '&depth=11'));
    expectError(depth, 400, 'invalid_request');
    expect(depth.body.error.details.param).toBe('depth');
    const limit = await harness.get(comments('tx1a2b', '&limit=501'));
    expect(limit.body.error.details.param).toBe('limit');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
