import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { send } from '../../../subscriptions/support.js';
import { healthy } from '../healthy.js';

/**
 * Forum pages pasted into /v1/resolve, GraphQL `resolve` and a URL subscription: a community
 * page and each of its tabs read as the posts listing the page shows, an account's submissions
 * page as its posts, and each as its community or account where a Node is asked for.
 */
describe('forum pages on /v1/resolve', () => {
  let harness: Harness;
  const resolvePath = (url: string) => `/v1/resolve?url=${encodeURIComponent(url)}`;
  beforeAll(async () => {
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
    harness.upstream.on(healthy.route);
  });
  afterAll(() => harness?.close());

  it("reads a community page, each of its tabs and an account's submissions page as the listing the page shows", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['https://www.reddit.com/r/fd_tabs/', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'hot' }],
      ['https://old.reddit.com/r/fd_tabs/new/', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'new' }],
      ['https://www.reddit.com/r/fd_tabs/top/?t=week', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'top', timeframe: 'week' }],
      ['https://www.reddit.com/user/fu_tabs/submitted/?sort=top', '/v1/forum/user/posts', { username: 'fu_tabs', sort: 'top' }],
    ];
    for (const [url, endpoint, params] of cases) {
      const resolved = await harness.get(resolvePath(url));
      expect(resolved.status, JSON.stringify(resolved.body).slice(0, 300)).toBe(200);
      expect(resolved.body.meta.resolved).toMatchObject({ endpoint, params });
      expect(Array.isArray(resolved.body.data.items)).toBe(true);
    }
    // A profile page stays the profile, and a community's about page the community.
    expect((await harness.get(resolvePath('https://www.reddit.com/user/fu_tabs/'))).body.meta.resolved.endpoint).toBe('/v1/forum/user');
    expect((await harness.get(resolvePath('https://www.reddit.com/r/fd_tabs/about/'))).body.meta.resolved.endpoint).toBe(
      '/v1/forum/subreddit/details',
    );
  });

  it("GraphQL resolve gives a community page's community, and a submissions page's account, as their own root fields do", async () => {
    const { body } = await harness.graphql(
      `{ community: resolve(url: "https://www.reddit.com/r/fd_nodes/top/") { id __typename }
         details: forumSubredditDetails(subreddit: "fd_nodes") { id }
         account: resolve(url: "https://www.reddit.com/user/fu_nodes/submitted/") { id __typename }
         user: forumUser(username: "fu_nodes") { id } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.community).toEqual({ __typename: 'Creator', id: body.data.details.id });
    expect(body.data.account).toEqual({ __typename: 'Creator', id: body.data.user.id });
  });

  it('watches a community page as its posts listing, in the order of the tab it shows', async () => {
    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: 'https://www.reddit.com/r/redditdev/new/' },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ endpoint: '/v1/forum/subreddit', params: { subreddit: 'redditdev', sort: 'new' } });
    expect((await send(harness, 'DELETE', `/v1/subscriptions/${created.body.data.id as string}`)).status).toBeLessThan(300);
  });
});
