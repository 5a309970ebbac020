import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, expectEmpty, expectPaid, fixture, json, upstreamUrls } from './support.js';

/** GET /v1/forum/post/comment/replies end to end (spec 4.2 rule 3). */

const THREAD_PATH = '/comments/tx1a2b/_/c00002.json';
const replies = (url: string, extra = '') => `/v1/forum/post/comment/replies?url=${encodeURIComponent(url)}${extra}`;

describe('GET /v1/forum/post/comment/replies over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it.each([
    ['a comment permalink', 'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/c00002/'],
    [
      'an old.reddit permalink without trailing slash',
      'https://old.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/c00002',
    ],
    ['postId:commentId', 'tx1a2b:c00002'],
    ['prefixed postId:commentId', 't3_tx1a2b:t1_c00002'],
  ])('reads the thread below one comment from %s', async (_form, url) => {
    harness.upstream.on(at(THREAD_PATH, json(fixture('comment-permalink.json'))));
    const response = await harness.get(replies(url, '&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.data.items.map((item: { id: string; parentId: string }) => [item.id, item.parentId])).toEqual([
      ['c00003', 'c00002'],
      ['c00005', 'c00002'],
    ]);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: true });
    expect(response.body.raw.anchor).toMatchObject({ id: 'c00002', parentId: null, postId: 'tx1a2b' });
    // depth counts levels below the anchor, so Reddit gets depth + 1 (default 6 -> 7).
    expect(upstreamUrls(harness)).toEqual([`www.reddit.com${THREAD_PATH}?sort=confidence&depth=7&raw_json=1`]);
  });

  it('forwards sort and depth (+1 for the anchor level)', async () => {
    harness.upstream.on(at(THREAD_PATH, json(fixture('comment-permalink.json'))));
    expectPaid(await harness.get(replies('tx1a2b:c00002', '&sort=new&depth=2')), 'list');
    expect(upstreamUrls(harness)).toEqual([`www.reddit.com${THREAD_PATH}?sort=new&depth=3&raw_json=1`]);
  });

  it('answers a comment without replies with an empty no_replies result, not charged', async () => {
    harness.upstream.on(at(THREAD_PATH, json(fixture('comment-permalink-no-replies.json'))));
    expectEmpty(await harness.get(replies('tx1a2b:c00002', '&depth=3')), 'list', 'no_replies');
  });

  it('answers a comment that is not under the post with an empty not_found result', async () => {
    harness.upstream.on(at('/comments/tx1a2b/_/zz9999.json', json(fixture('comment-permalink.json'))));
    expectEmpty(await harness.get(replies('tx1a2b:zz9999')), 'list', 'not_found');
  });
});
