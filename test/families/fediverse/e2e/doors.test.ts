import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callTool, connectClient } from '../../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid } from '../../../support/envelope.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { HOME, localId, OTHER_HOME } from '../../../../src/families/fediverse/demo/entities.js';
import { INSTANCE_HOSTS, instanceApiRoute } from '../../../../src/families/fediverse/demo/instance-api.js';

/**
 * The fediverse family over the real gateway on loopback, its instances a synthetic fake: every
 * endpoint on REST, GraphQL, MCP, jobs, batches and subscriptions, the billing of live, cached,
 * empty and failed calls, the instances' errors, a host that is not Mastodon, and the consent
 * rules on every endpoint that can return an opted-out author.
 */

const q = encodeURIComponent;
const statusUrl = (username: string, key: string, host = HOME) =>
  `https://${host}/@${username}/${localId(`${username}@${host}/${key}`, host)}`;
const PHOTOS = statusUrl('alice', 'photos');

describe('the fediverse family on every door', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { callerHosts: INSTANCE_HOSTS });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(instanceApiRoute());
  });

  it('serves the seven endpoints on REST, each live call paid 1 credit, logged out', async () => {
    const paths: [string, 'single' | 'list'][] = [
      [`/v1/fediverse/account?account=${q(`@alice@${HOME}`)}`, 'single'],
      [`/v1/fediverse/account/posts?account=${q(`https://${HOME}/@alice`)}&limit=4`, 'list'],
      [`/v1/fediverse/post?url=${q(PHOTOS)}`, 'single'],
      [`/v1/fediverse/post/replies?url=${q(PHOTOS)}`, 'list'],
      [`/v1/fediverse/hashtag?instance=${HOME}&tag=${q('#maps')}`, 'list'],
      [`/v1/fediverse/instance?instance=${q(`https://${OTHER_HOME}`)}`, 'single'],
      [`/v1/fediverse/search/accounts?instance=${HOME}&query=example`, 'list'],
    ];
    for (const [path, kind] of paths) expectPaid(await harness.get(path), kind);
    expect(
      harness.upstream.requests.every((request) => request.headers.authorization === undefined && request.headers.cookie === undefined),
    ).toBe(true);
    expect(new Set(harness.upstream.requests.map((request) => request.host))).toEqual(new Set([HOME, OTHER_HOME]));
  });

  it('reads the shapes: full accts, reblogs as originals, the Link cursor, content warnings, v1 instances', async () => {
    const account = await harness.get(`/v1/fediverse/account?account=alice@${HOME}`);
    expect(account.body.data).toMatchObject({ id: `alice@${HOME}`, bannerUrl: null, bio: `Synthetic account on https://${HOME}/` });
    const posts = await harness.get(`/v1/fediverse/account/posts?account=${q(`https://${HOME}/users/alice`)}&include_raw=true`);
    expect(posts.body.data.items.map((each: { authorId: string }) => each.authorId)).toEqual([
      `alice@${HOME}`,
      `alice@${HOME}`,
      `shy@${OTHER_HOME}`,
    ]);
    expect(posts.body.data.items[1]).toMatchObject({ title: 'eye strain', type: 'carousel' });
    expect(posts.body.raw.posts[2].rebloggedBy).toBe(`alice@${HOME}`);
    const cursor = posts.body.pagination.cursor as string;
    expect(posts.body.pagination.hasMore).toBe(true);
    const next = await harness.get(`/v1/fediverse/account/posts?account=${q(`@alice@${HOME}`)}&cursor=${cursor}`);
    expect(next.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(harness.upstream.requests.at(-1)!.url).toContain(`max_id=${cursor}`);
    const instance = await harness.get(`/v1/fediverse/instance?instance=${OTHER_HOME}&include_raw=true`);
    expect(instance.body.data).toMatchObject({ id: OTHER_HOME, userCount: 55, monthlyActiveUsers: null });
    expect(instance.body.raw.via).toBe('v1');
  });

  it('serves a cache hit for 0 credits; a page with withheld items is cached like any other', async () => {
    const path = `/v1/fediverse/hashtag?instance=${HOME}&tag=maps&limit=7&cache_max_age=1h`;
    const live = await harness.get(path);
    expectPaid(live, 'list');
    expect(live.body.meta.warnings).toEqual(['1 post withheld: author_opted_out']);
    const hit = await harness.get(path);
    expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(hit.body.data).toEqual(live.body.data);
  });

  it('withholds an opted-out account on every endpoint that can return it', async () => {
    expectEmpty(await harness.get(`/v1/fediverse/account?account=quiet@${HOME}`), 'single', 'author_opted_out');
    expectEmpty(await harness.get(`/v1/fediverse/account/posts?account=quiet@${HOME}`), 'list', 'author_opted_out');
    // Its posts were never asked for: the lookup said it opted out.
    expect(harness.upstream.requests.some((request) => request.url.includes('/statuses'))).toBe(false);
    expectEmpty(await harness.get(`/v1/fediverse/post?url=${q(statusUrl('quiet', 'secret'))}`), 'single', 'author_opted_out');
    expectEmpty(await harness.get(`/v1/fediverse/post/replies?url=${q(statusUrl('quiet', 'secret'))}`), 'list', 'author_opted_out');

    const posts = await harness.get(`/v1/fediverse/account/posts?account=alice@${HOME}&include_raw=true`);
    expect(posts.body.meta.warnings).toEqual(['1 post withheld: author_opted_out']);
    const replies = await harness.get(`/v1/fediverse/post/replies?url=${q(PHOTOS)}&include_raw=true`);
    expect(replies.body.data.items).toHaveLength(3);
    expect(replies.body.meta.warnings).toEqual(['2 replies withheld: author_opted_out']);
    expect(replies.body.raw.comments.map((each: { depth: number }) => each.depth)).toEqual([1, 2, 1]);
    const tag = await harness.get(`/v1/fediverse/hashtag?instance=${HOME}&tag=maps&include_raw=true`);
    expect(tag.body.data.items.map((each: { authorId: string }) => each.authorId)).toContain(`shy@${OTHER_HOME}`);
    const search = await harness.get(`/v1/fediverse/search/accounts?instance=${HOME}&query=example&include_raw=true`);
    expect(search.body.data.items.map((each: { id: string }) => each.id)).toEqual([`alice@${HOME}`, `bob@${OTHER_HOME}`]);
    expect(search.body.meta.warnings).toEqual(['1 account withheld: author_opted_out', '1 account withheld: not_discoverable']);
    for (const response of [posts, replies, tag, search]) {
      expect(response.body.meta.creditsCharged).toBe(1);
      expect(JSON.stringify(response.body)).not.toContain('quiet');
    }
    expect(JSON.stringify(search.body)).not.toContain('shy');
    expectPaid(await harness.get(`/v1/fediverse/account?account=shy@${HOME}`), 'single');
  });

  it('answers empty results for 0 credits with the instance reason, and failures for 0 credits', async () => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`/v1/fediverse/account?account=missing@${HOME}`), 'single', 'not_found');
    expectEmpty(await harness.get(`/v1/fediverse/account?account=gone@${HOME}`), 'single', 'account_suspended');
    expectEmpty(await harness.get(`/v1/fediverse/account/posts?account=closed@${HOME}`), 'list', 'login_required');
    expectEmpty(await harness.get(`/v1/fediverse/post?url=${q(`https://${HOME}/@alice/999`)}`), 'single', 'not_found');
    expectError(await harness.get(`/v1/fediverse/account?account=drift@${HOME}`), 502, 'upstream_schema_drift');
    expectError(await harness.get('/v1/fediverse/account?account=alice@flaky.example.net'), 502, 'upstream_blocked');
    const plain = await harness.get('/v1/fediverse/hashtag?instance=plain.example.net&tag=maps');
    expectError(plain, 400, 'invalid_request');
    expect(plain.body.error.details).toMatchObject({ param: 'instance', reason: 'not_mastodon' });
    // The lookup, then the instance documents: v2 answered HTML, so there is no v1 to read.
    expect(
      harness.upstream.requests.filter((request) => request.host === 'plain.example.net').map((request) => request.url.split('?')[0]),
    ).toEqual(['/api/v1/timelines/tag/maps', '/api/v2/instance']);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses every malformed input with 400 naming the parameter, before any upstream request', async () => {
    for (const [path, param] of [
      [`/v1/fediverse/account?account=${q(PHOTOS)}`, 'account'],
      ['/v1/fediverse/account?account=alice', 'account'],
      ['/v1/fediverse/account?account=alice@localhost', 'account'],
      [`/v1/fediverse/account?account=${q('https://127.0.0.1/@alice')}`, 'account'],
      [`/v1/fediverse/account/posts?account=alice@${HOME}&limit=41`, 'limit'],
      [`/v1/fediverse/account/posts?account=alice@${HOME}&cursor=${q('1;2')}`, 'cursor'],
      [`/v1/fediverse/post?url=${q(`https://${HOME}/@alice`)}`, 'url'],
      [`/v1/fediverse/post/replies?url=${q(`https://user:pw@${HOME}/@alice/1`)}`, 'url'],
      [`/v1/fediverse/hashtag?instance=${HOME}&tag=${q('two words')}`, 'tag'],
      [`/v1/fediverse/hashtag?instance=${HOME}&tag=${q('a/b')}`, 'tag'],
      [`/v1/fediverse/instance?instance=${q(`${HOME}:8443`)}`, 'instance'],
      ['/v1/fediverse/instance?instance=intranet', 'instance'],
      ['/v1/fediverse/instance?instance=box.internal', 'instance'],
      [`/v1/fediverse/search/accounts?instance=${HOME}&query=%20`, 'query'],
    ]) {
      const response = await harness.get(path!);
      expectError(response, 400, 'invalid_request');
      expect([path, response.body.error.details.param]).toEqual([path, param]);
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('serves the GraphQL root fields, the Instance type and the edges Post.author, Post.comments and Creator.posts', async () => {
    const response = await harness.graphql(`{
      fediverseAccount(account: "@alice@${HOME}") {
        platformId followerCount
        posts(limit: 4) { items { platformId author { handle displayName followerCount } } }
      }
      fediversePost(url: "${PHOTOS}") { title comments { items { platformId parentId } } }
      fediverseInstance(instance: "${HOME}") { platformId monthlyActiveUsers rules contactAccount }
    }`);
    expect(response.body.errors).toBeUndefined();
    const account = response.body.data.fediverseAccount;
    expect(account).toMatchObject({ platformId: `alice@${HOME}`, followerCount: 42 });
    expect(account.posts.items[0].author).toEqual({ handle: `alice@${HOME}`, displayName: 'Alice Example', followerCount: null });
    expect(response.body.data.fediversePost.comments.items).toHaveLength(3);
    expect(response.body.data.fediverseInstance).toEqual({
      platformId: HOME,
      monthlyActiveUsers: 321,
      rules: ['Be kind.'],
      contactAccount: `admin@${HOME}`,
    });
    expect(response.body.extensions.billing.creditsCharged).toBe(5);
  });

  it('runs a job, a batch over two instances, and takes a change subscription on a subscribable endpoint only', async () => {
    const job = await harness.post('/v1/jobs', { endpoint: '/v1/fediverse/account', params: { account: `@alice@${HOME}` } });
    expect(job.status).toBe(202);
    expect((await harness.finishedJob(job.body.data.id)).result.data.id).toBe(`alice@${HOME}`);
    const batch = await harness.post('/v1/jobs/batch', {
      endpoint: '/v1/fediverse/instance',
      targets: [{ instance: HOME }, { instance: OTHER_HOME }],
    });
    expect(batch.status).toBe(202);
    expect(await harness.finishedJob(batch.body.data.id)).toMatchObject({ status: 'succeeded', creditsCharged: 2 });
    const refused = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/fediverse/account',
      params: { account: `alice@${HOME}` },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'endpoint' } });
    const created = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/fediverse/hashtag',
      params: { instance: `https://${HOME}/`, tag: '#maps' },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.params).toMatchObject({ instance: HOME, tag: 'maps' });
  });

  it('serves the MCP tools through the same pipeline', async () => {
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('fediverse_'));
      expect(names.sort()).toEqual(
        [
          'fediverse_account',
          'fediverse_account_posts',
          'fediverse_hashtag',
          'fediverse_instance',
          'fediverse_post',
          'fediverse_post_replies',
          'fediverse_search_accounts',
        ].sort(),
      );
      const posts = await callTool(client, 'fediverse_account_posts', { account: `alice@${HOME}`, limit: 4 });
      expect(posts._meta).toMatchObject({ creditsCharged: 1, warnings: ['1 post withheld: author_opted_out'] });
      const quiet = await callTool(client, 'fediverse_account', { account: `quiet@${HOME}` });
      expect(quiet._meta).toMatchObject({ empty: true, reason: 'author_opted_out', creditsCharged: 0 });
    } finally {
      await client.close();
    }
  });
});
