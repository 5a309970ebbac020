import { describe, expect, it } from 'vitest';
import { gatewayTypePolicies } from '../../../src/client/index.js';
import { encodeGlobalId } from '../../../src/schema/identity/global-id.js';
import { itRefetches, refetchRegistry as registry } from '../../support/refetch-cases.js';

/** The forum's global ids and refetch declarations: a post, a user and a community, each fetched again by its own endpoint. */

describe('forum global ids', () => {
  it('tells a user from a community with the same native id', () => {
    const user = { platform: 'reddit', id: 'ab12cd', handle: 'ab12cd', url: 'https://www.reddit.com/user/ab12cd/' };
    const community = { platform: 'reddit', id: 'ab12cd', handle: 'ab12cd', url: 'https://www.reddit.com/r/ab12cd/' };
    expect(encodeGlobalId(registry.identify('Creator', user))).not.toBe(encodeGlobalId(registry.identify('Creator', community)));
  });

  it('derives an identifying key, not refetchable, for a comment and for a creator without a page', () => {
    expect(registry.identify('Comment', { platform: 'reddit', id: 'c1', postId: 'p1' })).toMatchObject({ refetchable: false });
    expect(registry.identify('Creator', { platform: 'reddit', id: 'x', handle: 'x', url: null })).toMatchObject({ refetchable: false });
  });

  it("ships a merging cache policy for a community's posts listing", () => {
    expect(gatewayTypePolicies().Query?.fields?.forumSubreddit).toEqual({ merge: true });
  });
});

describe('forum refetch declarations', () => {
  itRefetches([
    { type: 'Post', resource: { platform: 'reddit', id: 'gq0001' }, endpoint: '/v1/forum/post', params: { url: 'gq0001' } },
    {
      type: 'Creator',
      resource: { platform: 'reddit', handle: 'maple_writer', url: 'https://www.reddit.com/user/maple_writer/' },
      endpoint: '/v1/forum/user',
      params: { username: 'maple_writer' },
    },
    {
      type: 'Creator',
      resource: { platform: 'reddit', handle: 'examplesub', url: 'https://www.reddit.com/r/examplesub/' },
      endpoint: '/v1/forum/subreddit/details',
      params: { subreddit: 'examplesub' },
    },
  ]);
});
