import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { socialFamily } from '../../../src/families/social/index.js';
import { socialFeedEndpoint } from '../../../src/families/social/endpoints/feed.js';
import { socialListEndpoint } from '../../../src/families/social/endpoints/list.js';
import { socialPostRepliesEndpoint } from '../../../src/families/social/endpoints/post-replies.js';
import { socialPostEndpoint } from '../../../src/families/social/endpoints/post.js';
import { socialProfileFollowersEndpoint } from '../../../src/families/social/endpoints/profile-followers.js';
import { socialProfilePostsEndpoint } from '../../../src/families/social/endpoints/profile-posts.js';
import { socialProfileEndpoint } from '../../../src/families/social/endpoints/profile.js';
import { socialSearchUsersEndpoint } from '../../../src/families/social/endpoints/search-users.js';
import { readHostBudget } from '../../../src/families/social/upstream/rate-budget.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { FRIEND, OTHER, QUIET } from '../../../src/families/social/demo/appview.js';
import { didFor, postUri, profileView } from '../../../src/families/social/demo/views.js';
import { asList, asSingle, errorOf, NOW_MS, rawOf, runEndpoint, stubAppView, xrpcAnswer, xrpcError } from './support.js';

const ANA = 'ana.example.com';
const feedUrl = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/feed/${rkey}`;
const listUrl = (handle: string, rkey: string) => `https://bsky.app/profile/${handle}/lists/${rkey}`;

describe('the family declaration', () => {
  it('declares the eight endpoints, their GraphQL fields and flags; followers and search are not subscribable', () => {
    expect(socialFamily.endpoints.map((endpoint) => [endpoint.path, endpoint.graphqlField, endpoint.flags.subscribable])).toEqual([
      ['/v1/social/profile', 'socialProfile', true],
      ['/v1/social/profile/posts', 'socialProfilePosts', true],
      ['/v1/social/post', 'socialPost', true],
      ['/v1/social/post/replies', 'socialPostReplies', true],
      ['/v1/social/feed', 'socialFeed', true],
      ['/v1/social/list', 'socialList', true],
      ['/v1/social/profile/followers', 'socialProfileFollowers', false],
      ['/v1/social/search/users', 'socialSearchUsers', false],
    ]);
    for (const endpoint of socialFamily.endpoints) {
      expect(endpoint.flags).toMatchObject({ creditCost: 1, cacheable: true, batchable: true, requiresResidentialProxy: false });
    }
    expect(socialFamily).toMatchObject({ name: 'social', hosts: ['public.api.bsky.app'], proxyEnv: 'SOCIAL_PROXY_URL' });
    expect(catalogue.byPath.get('/v1/social/feed')).toBe(socialFeedEndpoint);
    expect(socialProfileEndpoint.flags.parameterConstraints).toContain('did:plc');
    expect(socialPostEndpoint.flags.parameterConstraints).toContain('at://');
  });
});

describe('profile', () => {
  it('asks getProfile anonymously, with no credentials', async () => {
    const upstream = stubAppView();
    const result = asSingle(await runEndpoint(socialProfileEndpoint, { handle: `@${ANA}` }, upstream));
    expect(upstream.calls[0]).toMatchObject({
      url: `https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=${ANA}`,
      headers: { accept: 'application/json' },
    });
    expect(result.data).toMatchObject({ id: didFor(ANA), followerCount: 120 });
  });

  it('withholds an opted-out account: an empty result, author_opted_out, nothing of it in raw', async () => {
    const result = asSingle(await runEndpoint(socialProfileEndpoint, { handle: QUIET }, stubAppView()));
    expect(result).toMatchObject({ data: null, emptyReason: 'author_opted_out' });
    expect(JSON.stringify(result.raw)).not.toContain(didFor(QUIET));
  });

  it('maps the platform errors to empty results with their reasons', async () => {
    for (const [handle, reason] of [
      ['missing.example.com', 'not_found'],
      ['gone.example.com', 'account_deactivated'],
      ['banned.example.com', 'account_taken_down'],
      ['blocker.example.com', 'blocked'],
    ]) {
      expect(asSingle(await runEndpoint(socialProfileEndpoint, { handle }, stubAppView())).emptyReason).toBe(reason);
    }
    for (const [error, message] of [
      ['InvalidRequest', 'Actor not found: x.example.com'],
      ['NotFound', 'nothing'],
      ['BlockedActor', 'blocked'],
    ]) {
      const upstream = stubUpstream(() => xrpcError(error!, message!));
      expect(asSingle(await runEndpoint(socialProfileEndpoint, { handle: ANA }, upstream)).emptyReason).toMatch(/not_found|blocked/);
    }
  });

  it('turns the 403 page and a non-XRPC error into upstream_blocked, other errors, shapes and broken JSON into schema drift, a 429 into upstream_rate_limited', async () => {
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: 'html.example.com' }, stubAppView()))).code).toBe(
      'upstream_blocked',
    );
    const notJson = stubUpstream(() => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' }));
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: ANA }, notJson))).code).toBe('upstream_blocked');
    const truncated = stubUpstream(() => xrpcAnswer('{"did":"did:plc:'));
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: ANA }, truncated))).code).toBe('upstream_schema_drift');
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: 'drift.example.com' }, stubAppView()))).code).toBe(
      'upstream_schema_drift',
    );
    const unknown = stubUpstream(() => xrpcError('InvalidRequest', 'Error: limit must be <= 100'));
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: ANA }, unknown))).code).toBe('upstream_schema_drift');
    const limited = await errorOf(runEndpoint(socialProfileEndpoint, { handle: 'limited.example.com' }, stubAppView()));
    expect([limited.code, limited.retryAfter]).toEqual(['upstream_rate_limited', 30]);
    const reset = String(Math.floor(NOW_MS / 1000) + 90);
    const byReset = stubUpstream(() =>
      xrpcAnswer({ error: 'RateLimitExceeded', message: 'x' }, 429, { 'ratelimit-remaining': '0', 'ratelimit-reset': reset }),
    );
    expect((await errorOf(runEndpoint(socialProfileEndpoint, { handle: ANA }, byReset))).retryAfter).toBe(90);
  });
});

describe('profile/posts', () => {
  it('puts the pinned post first once, marks reposts, withholds an opted-out author and scrubs the quote of them', async () => {
    const upstream = stubAppView();
    const page = asList(await runEndpoint(socialProfilePostsEndpoint, { handle: ANA }, upstream));
    expect(upstream.calls[0]!.url).toBe(
      `https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=${ANA}&filter=posts_no_replies&limit=30&includePins=true`,
    );
    expect(page.items.map((post) => post.id)).toEqual(
      ['pinned1', 'latest1', 'shared1', 'quoting1'].map((rkey) => postUri(rkey === 'shared1' ? FRIEND : ANA, rkey)),
    );
    expect(rawOf(page).posts.map((each: { pinned: boolean; repostedBy: string | null }) => [each.pinned, each.repostedBy])).toEqual([
      [true, null],
      [false, null],
      [false, ANA],
      [false, null],
    ]);
    expect(page.notices).toEqual(['1 post withheld: author_opted_out']);
    expect(page.warnings).toBeUndefined();
    // The quote of an opted-out post keeps only its URI, as the lexicon's not-found view.
    expect(JSON.stringify(page.raw)).not.toContain(QUIET);
    expect(JSON.stringify(page.raw)).not.toContain('!no-unauthenticated');
    expect(rawOf(page).posts[3].quote).toBe(postUri(QUIET, 'hush2'));
    expect(rawOf(page).payload.feed[4].post.embed.record).toEqual({
      $type: 'app.bsky.embed.record#viewNotFound',
      uri: postUri(QUIET, 'hush2'),
      notFound: true,
    });
    expect(page.pagination).toEqual({ cursor: 'page2', hasMore: true });

    const next = stubAppView();
    const second = asList(await runEndpoint(socialProfilePostsEndpoint, { handle: ANA, cursor: 'page2', filter: 'media' }, next));
    expect(next.calls[0]!.url).toBe(
      `https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=${ANA}&filter=posts_with_media&limit=30&cursor=page2`,
    );
    expect(second.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it("is an empty author_opted_out result for an opted-out account's own feed, seen on its items", async () => {
    const upstream = stubAppView();
    const page = asList(await runEndpoint(socialProfilePostsEndpoint, { handle: QUIET }, upstream));
    expect(page).toMatchObject({ items: [], emptyReason: 'author_opted_out' });
    expect(upstream.calls).toHaveLength(1);
    const byDid = asList(await runEndpoint(socialProfilePostsEndpoint, { handle: didFor(QUIET) }, stubAppView()));
    expect(byDid.emptyReason).toBe('author_opted_out');
  });
});

describe('post', () => {
  it('reads a post by DID through getPosts and by handle through getPostThread', async () => {
    const byDid = stubAppView();
    const one = asSingle(await runEndpoint(socialPostEndpoint, { url: postUri(ANA, 'p1') }, byDid));
    expect(new URL(byDid.calls[0]!.url).pathname).toBe('/xrpc/app.bsky.feed.getPosts');
    const byHandle = stubAppView();
    const two = asSingle(await runEndpoint(socialPostEndpoint, { url: `https://bsky.app/profile/${ANA}/post/p1` }, byHandle));
    expect(byHandle.calls[0]!.url).toContain(
      'app.bsky.feed.getPostThread?uri=at%3A%2F%2Fana.example.com%2Fapp.bsky.feed.post%2Fp1&depth=0&parentHeight=0',
    );
    expect(one.data!.id).toBe(two.data!.id);
  });

  it('is empty when missing (an absent getPosts entry, a NotFound error, a not-found thread) or opted out', async () => {
    const cases: [string, string][] = [
      [postUri(ANA, 'missing1'), 'not_found'],
      [`https://bsky.app/profile/${ANA}/post/missing2`, 'not_found'],
      [`https://bsky.app/profile/${ANA}/post/deleted1`, 'not_found'],
      [postUri(QUIET, 'p1'), 'author_opted_out'],
      [`https://bsky.app/profile/${QUIET}/post/p1`, 'author_opted_out'],
      [postUri('blocker.example.com', 'p1'), 'blocked'],
    ];
    for (const [url, reason] of cases) {
      expect([url, asSingle(await runEndpoint(socialPostEndpoint, { url }, stubAppView())).emptyReason]).toEqual([url, reason]);
    }
  });
});

describe('post/replies', () => {
  const url = `https://bsky.app/profile/${ANA}/post/root1`;

  it('flattens depth-first, skips not-found replies and withholds opted-out replies with those below them', async () => {
    const upstream = stubAppView();
    const page = asList(await runEndpoint(socialPostRepliesEndpoint, { url }, upstream));
    expect(upstream.calls[0]!.url).toContain('&depth=6&parentHeight=0');
    expect(page.items.map((comment) => [comment.id, comment.parentId, comment.isAuthorReply])).toEqual([
      [postUri(FRIEND, 'reply1'), null, false],
      [postUri(ANA, 'reply2'), postUri(FRIEND, 'reply1'), true],
    ]);
    expect(page.notices).toEqual(['1 reply skipped: not_found', '2 replies withheld: author_opted_out']);
    expect(page.pagination).toEqual({ cursor: null, hasMore: false });
    const raw = JSON.stringify(page.raw);
    expect(raw).not.toContain(didFor(QUIET));
    expect(raw).not.toContain(postUri(OTHER, 'reply4'));
  });

  it('says hasMore when the depth or the limit cut replies', async () => {
    const shallow = asList(await runEndpoint(socialPostRepliesEndpoint, { url, depth: 1 }, stubAppView()));
    expect(shallow.items.map((comment) => comment.id)).toEqual([postUri(FRIEND, 'reply1')]);
    expect(shallow.pagination.hasMore).toBe(true);
    const cut = asList(await runEndpoint(socialPostRepliesEndpoint, { url, limit: 1 }, stubAppView()));
    expect(cut.pagination.hasMore).toBe(true);
  });

  it('is empty for a missing post and for an opted-out author', async () => {
    expect(
      asList(await runEndpoint(socialPostRepliesEndpoint, { url: `https://bsky.app/profile/${ANA}/post/missing1` }, stubAppView()))
        .emptyReason,
    ).toBe('not_found');
    expect(
      asList(await runEndpoint(socialPostRepliesEndpoint, { url: `https://bsky.app/profile/${QUIET}/post/p1` }, stubAppView())).emptyReason,
    ).toBe('author_opted_out');
  });
});

describe('feed and list', () => {
  it('resolves a handle in a feed URL first, withholds opted-out posts and percent-encodes the cursor', async () => {
    const upstream = stubAppView();
    const page = asList(await runEndpoint(socialFeedEndpoint, { url: feedUrl(ANA, 'picks') }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([
      `https://public.api.bsky.app/xrpc/com.atproto.identity.resolveHandle?handle=${ANA}`,
      `https://public.api.bsky.app/xrpc/app.bsky.feed.getFeed?feed=${encodeURIComponent(`at://${didFor(ANA)}/app.bsky.feed.generator/picks`)}&limit=30`,
    ]);
    expect(page.items.map((post) => post.authorHandle)).toEqual([FRIEND, OTHER]);
    expect(page.notices).toEqual(['1 post withheld: author_opted_out']);
    const cursor = page.pagination.cursor!;
    const next = stubAppView();
    await runEndpoint(socialFeedEndpoint, { url: `at://${didFor(ANA)}/app.bsky.feed.generator/picks`, cursor }, next);
    expect(next.calls).toHaveLength(1);
    expect(next.calls[0]!.url).toContain(`cursor=${encodeURIComponent(cursor).replaceAll('%20', '+')}`);
    expect(new URL(next.calls[0]!.url).searchParams.get('cursor')).toBe(cursor);
  });

  it('is empty for an unknown feed or handle', async () => {
    expect(asList(await runEndpoint(socialFeedEndpoint, { url: feedUrl(ANA, 'missing') }, stubAppView())).emptyReason).toBe('not_found');
    expect(asList(await runEndpoint(socialFeedEndpoint, { url: feedUrl('missing.example.com', 'x') }, stubAppView())).emptyReason).toBe(
      'not_found',
    );
  });

  it('lists members without opted-out ones, raw.list, and an opted-out creator as author_opted_out', async () => {
    const page = asList(await runEndpoint(socialListEndpoint, { url: listUrl(ANA, 'l1') }, stubAppView()));
    expect(page.items.map((creator) => creator.handle)).toEqual([FRIEND, OTHER]);
    expect(page.notices).toEqual(['1 account withheld: author_opted_out']);
    expect(rawOf(page).list).toMatchObject({ name: 'Synthetic list', listItemCount: 3, creator: didFor(ANA) });
    expect(JSON.stringify(page.raw)).not.toContain(didFor(QUIET));
    expect(asList(await runEndpoint(socialListEndpoint, { url: listUrl(QUIET, 'l1') }, stubAppView())).emptyReason).toBe(
      'author_opted_out',
    );
    expect(asList(await runEndpoint(socialListEndpoint, { url: listUrl(ANA, 'missing') }, stubAppView())).emptyReason).toBe('not_found');
  });
});

describe('followers and search', () => {
  it('withholds opted-out followers and users, and an opted-out subject entirely', async () => {
    const followers = asList(await runEndpoint(socialProfileFollowersEndpoint, { handle: ANA, limit: 3 }, stubAppView()));
    expect(followers.items.map((creator) => creator.handle)).toEqual([FRIEND, OTHER]);
    expect(followers.pagination).toEqual({ cursor: 'rk2', hasMore: true });
    expect(followers.notices).toEqual(['1 account withheld: author_opted_out']);
    expect(asList(await runEndpoint(socialProfileFollowersEndpoint, { handle: QUIET }, stubAppView())).emptyReason).toBe(
      'author_opted_out',
    );
    const users = asList(await runEndpoint(socialSearchUsersEndpoint, { query: ' ana  ' }, stubAppView()));
    expect(users.items.map((creator) => creator.handle)).toEqual([FRIEND]);
    const onlyOptedOut = stubUpstream(() => xrpcAnswer({ actors: [profileView(QUIET, { optedOut: true })] }));
    const withheld = asList(await runEndpoint(socialSearchUsersEndpoint, { query: 'quiet' }, onlyOptedOut));
    expect(withheld).toMatchObject({ items: [], emptyReason: 'author_opted_out', notices: ['1 account withheld: author_opted_out'] });
    const none = asList(await runEndpoint(socialSearchUsersEndpoint, { query: 'nobody' }, stubAppView()));
    expect(none).toMatchObject({ items: [], pagination: { cursor: null, hasMore: false } });
    expect(none.emptyReason).toBeUndefined();
  });
});

describe('the rate budget', () => {
  it('reads RateLimit-Reset as epoch seconds or as seconds from now, and a Retry-After', () => {
    const epoch = Math.floor(NOW_MS / 1000) + 120;
    expect(readHostBudget({ 'ratelimit-remaining': '5', 'ratelimit-reset': String(epoch) }, NOW_MS)).toEqual({
      remaining: 5,
      resetAtMs: epoch * 1000,
    });
    expect(readHostBudget({ 'ratelimit-remaining': '0', 'ratelimit-reset': '45' }, NOW_MS)).toEqual({
      remaining: 0,
      resetAtMs: NOW_MS + 45_000,
    });
    expect(readHostBudget({ 'retry-after': '30' }, NOW_MS)).toEqual({ remaining: 0, resetAtMs: NOW_MS + 30_000 });
    expect(readHostBudget({ 'ratelimit-remaining': '0', 'ratelimit-reset': '10', 'retry-after': '30' }, NOW_MS)).toEqual({
      remaining: 0,
      resetAtMs: NOW_MS + 30_000,
    });
    expect(readHostBudget({ 'ratelimit-remaining': 'lots' }, NOW_MS)).toBeNull();
    expect(readHostBudget({}, NOW_MS)).toBeNull();
  });
});
