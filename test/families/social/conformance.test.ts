import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { socialFeedEndpoint } from '../../../src/families/social/endpoints/feed.js';
import { socialListEndpoint } from '../../../src/families/social/endpoints/list.js';
import { socialPostRepliesEndpoint } from '../../../src/families/social/endpoints/post-replies.js';
import { socialPostEndpoint } from '../../../src/families/social/endpoints/post.js';
import { socialProfileFollowersEndpoint } from '../../../src/families/social/endpoints/profile-followers.js';
import { socialProfilePostsEndpoint } from '../../../src/families/social/endpoints/profile-posts.js';
import { socialProfileEndpoint } from '../../../src/families/social/endpoints/profile.js';
import { socialSearchUsersEndpoint } from '../../../src/families/social/endpoints/search-users.js';
import { readHostBudget } from '../../../src/families/social/upstream/rate-budget.js';
import type { Comment, Creator, Post } from '../../../src/model/content.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { anonymous, asList, asSingle, rawOf, runEndpoint, xrpcAnswer } from './support.js';

/**
 * The social family against the real recorded AppView answers (shared upstream samples, read from
 * disk, never replayed against the platform), served as the anonymous AppView would: the recorded
 * status and headers, every `viewer` object dropped. Skipped without UPSTREAM_SAMPLES_DIR.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; headers?: Record<string, string> };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/social/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];

/** An AppView that answers each recorded method with its sample (keyed by XRPC method), and records what it was asked. */
function recorded(byMethod: Record<string, string>) {
  const entries = manifest();
  return stubUpstream((_request, url) => {
    const method = url.pathname.replace('/xrpc/', '');
    const file = byMethod[method];
    if (file === undefined) return undefined;
    const entry = entries.find((each) => each.file === file)!;
    return xrpcAnswer(anonymous(sample(file)), entry.response.status, entry.response.headers ?? {});
  });
}

const JBGRUBER = 'did:plc:ntd53albt5ffa4rgervvgibd';

describe.skipIf(!samplesDir)('social conformance with recorded upstream samples', () => {
  it('every social sample of the manifest is covered here', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([
      'author_feed_andrew_heiss_2025.json',
      'err_400_invalid_request_2025.json',
      'feed_andrew_heiss_aaaeckvqc3gzg_2025.json',
      'feed_bsky_team_2025.json',
      'followers_chriskenny_2025.json',
      'list_software_curate_2025.json',
      'posts_soubhikbarari_2025.json',
      'profile_benguinaudeau_2025.json',
      'profile_jbgruber_2025.json',
      'profiles_chriskenny_2025.json',
      'resolve_handle_chriskenny_2025.json',
      'search_actors_jbgruber_2025.json',
      'thread_jbgruber_atr_2025.json',
      'thread_soubhikbarari_images_2025.json',
    ]);
  });

  it('reads the three profiles with their counts, bio, images and creation time', async () => {
    const upstream = recorded({ 'app.bsky.actor.getProfile': 'profile_benguinaudeau_2025.json' });
    const ben = asSingle(await runEndpoint(socialProfileEndpoint, { handle: '@BenGuinaudeau.bsky.social' }, upstream));
    expect(upstream.calls[0]!.url).toBe('https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=benguinaudeau.bsky.social');
    expect(ben.data).toMatchObject({
      platform: 'bluesky',
      id: 'did:plc:vuvsifrusnjsys7mhkpk662u',
      handle: 'benguinaudeau.bsky.social',
      displayName: 'Benjamin Guinaudeau',
      followerCount: 820,
      followingCount: 232,
      postCount: 36,
      createdAt: '2023-09-16T14:46:25.089Z',
      url: 'https://bsky.app/profile/benguinaudeau.bsky.social',
      isPrivate: false,
      verified: null,
      externalLinks: [],
    } satisfies Partial<Creator>);
    expect(ben.data!.bio).not.toBeNull();
    expect(ben.data!.avatarUrl).toMatch(/^https:\/\/cdn\.bsky\.app\//);
    expect(ben.data!.bannerUrl).toMatch(/^https:\/\/cdn\.bsky\.app\//);
    expect(JSON.stringify(ben.raw)).not.toContain('"viewer"');

    const jb = asSingle(
      await runEndpoint(
        socialProfileEndpoint,
        { handle: 'jbgruber.bsky.social' },
        recorded({ 'app.bsky.actor.getProfile': 'profile_jbgruber_2025.json' }),
      ),
    );
    expect(jb.data).toMatchObject({ id: JBGRUBER, followerCount: 1224, followingCount: 879, postCount: 374 });
    expect(rawOf(jb).pinnedPost).toBe(`at://${JBGRUBER}/app.bsky.feed.post/3ljhlu2ijic2z`);

    // getProfiles' one element is what getProfile answers for the account.
    const chris = (JSON.parse(anonymous(sample('profiles_chriskenny_2025.json'))) as { profiles: unknown[] }).profiles[0];
    const kenny = asSingle(
      await runEndpoint(
        socialProfileEndpoint,
        { handle: 'https://bsky.app/profile/chriskenny.bsky.social' },
        stubUpstream(() => xrpcAnswer(chris)),
      ),
    );
    expect(kenny.data).toMatchObject({ id: 'did:plc:wpe35pganb6d4pg4ekmfy6u5', followerCount: 554, followingCount: 296, postCount: 65 });
  });

  it('reads the author feed: 25 items, the 2 reposts of opted-out authors withheld everywhere, reposts, video and quotes', async () => {
    const upstream = recorded({ 'app.bsky.feed.getAuthorFeed': 'author_feed_andrew_heiss_2025.json' });
    const page = asList(
      await runEndpoint(socialProfilePostsEndpoint, { handle: 'andrew.heiss.phd', filter: 'posts_and_replies', limit: 25 }, upstream),
    );
    expect(upstream.calls[0]!.url).toBe(
      'https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=andrew.heiss.phd&filter=posts_with_replies&limit=25&includePins=true',
    );
    expect(page.items).toHaveLength(23);
    expect(page.notices).toEqual(['2 posts withheld: author_opted_out']);
    expect(page.pagination).toEqual({ cursor: '2025-07-01T11:59:48.89Z', hasMore: true });
    const raw = rawOf(page);
    expect(raw.withheld).toEqual({ count: 2, reason: 'author_opted_out' });
    const rawText = JSON.stringify(raw);
    for (const opted of [
      'jcsalterego.bsky.social',
      'hypercubexl.bsky.social',
      'gdeejay.bsky.social',
      'disabilitystor1.bsky.social',
      'hypervisible.bsky.social',
    ]) {
      expect(rawText).not.toContain(opted);
    }
    expect(rawText).not.toContain('!no-unauthenticated');
    expect(rawText).not.toContain('"viewer"');
    expect(raw.payload.feed).toHaveLength(23);
    // Item 24 (now 22) quotes an opted-out post: the quote is the lexicon's not-found view.
    const quoting = raw.payload.feed[22].post;
    expect(quoting.embed.record).toEqual({
      $type: 'app.bsky.embed.record#viewNotFound',
      uri: 'at://did:plc:7a4j47j42ezdr3au7pxdlzjt/app.bsky.feed.post/3lsunc4dgm22j',
      notFound: true,
    });
    expect(raw.posts[22].quote).toBe('at://did:plc:7a4j47j42ezdr3au7pxdlzjt/app.bsky.feed.post/3lsunc4dgm22j');
    // Item 19 (now 17) replies in a thread whose root author opted out: root is not-found, no grandparent author.
    const reply = raw.payload.feed[17].reply;
    expect(reply.root).toMatchObject({ notFound: true });
    expect(reply.grandparentAuthor).toBeUndefined();

    const reposts = raw.posts.filter((each: { repostedBy: string | null }) => each.repostedBy !== null);
    expect(reposts).toHaveLength(8);
    expect(new Set(reposts.map((each: { repostedBy: string }) => each.repostedBy))).toEqual(new Set(['andrew.heiss.phd']));
    const video = page.items.find((post) => post.type === 'video')!;
    expect(video.mediaUrls[0]).toMatch(/^https:\/\/video\.bsky\.app\/.*playlist\.m3u8$/);
    expect(video.thumbnailUrl).toMatch(/thumbnail\.jpg$/);
    expect(page.items.filter((post) => post.hashtags.includes('rstats'))).toHaveLength(2);
    for (const post of page.items) {
      expect(post.url).toMatch(/^https:\/\/bsky\.app\/profile\/[^/]+\/post\/[a-z0-9]+$/);
      expect(post.id.startsWith('at://did:')).toBe(true);
    }
  });

  it('reads the image post through getPostThread and getPosts alike: hashtags and mentions from facets only', async () => {
    const url = 'at://did:plc:ic6zqvuw5ulmfpjiwnhsr2ns/app.bsky.feed.post/3k7qmjev5lr2s';
    const viaPosts = recorded({ 'app.bsky.feed.getPosts': 'posts_soubhikbarari_2025.json' });
    const one = asSingle(await runEndpoint(socialPostEndpoint, { url }, viaPosts));
    expect(viaPosts.calls[0]!.url).toBe(`https://public.api.bsky.app/xrpc/app.bsky.feed.getPosts?uris=${encodeURIComponent(url)}`);
    const viaThread = recorded({ 'app.bsky.feed.getPostThread': 'thread_soubhikbarari_images_2025.json' });
    const thread = asSingle(
      await runEndpoint(socialPostEndpoint, { url: 'https://bsky.app/profile/soubhikbarari.bsky.social/post/3k7qmjev5lr2s' }, viaThread),
    );
    expect(viaThread.calls[0]!.url).toContain(
      'app.bsky.feed.getPostThread?uri=at%3A%2F%2Fsoubhikbarari.bsky.social%2Fapp.bsky.feed.post%2F3k7qmjev5lr2s&depth=0&parentHeight=0',
    );
    for (const post of [one.data!, thread.data!]) {
      expect(post).toMatchObject({
        id: url,
        type: 'image',
        likeCount: 4,
        commentCount: 0,
        hashtags: [],
        mentions: [],
        publishedAt: '2023-09-19T11:32:54.574Z',
      } satisfies Partial<Post>);
      expect(post.text).toContain('#rstats');
      expect(post.mediaUrls).toHaveLength(1);
      expect(post.thumbnailUrl).not.toBeNull();
    }
    expect({ ...one.data, fetchedAt: null }).toEqual({ ...thread.data, fetchedAt: null });
  });

  it('reads the link-card post, its UTF-8 facets after an emoji, and its 3 replies depth-first', async () => {
    const url = `at://${JBGRUBER}/app.bsky.feed.post/3kbi55xm6u62v`;
    const post = asSingle(
      await runEndpoint(
        socialPostEndpoint,
        { url: url.replace(JBGRUBER, 'jbgruber.bsky.social') },
        recorded({ 'app.bsky.feed.getPostThread': 'thread_jbgruber_atr_2025.json' }),
      ),
    );
    expect(post.data).toMatchObject({
      id: url,
      type: 'text',
      likeCount: 61,
      shareCount: 29,
      commentCount: 1,
      hashtags: ['rstats'],
      mentions: ['benguinaudeau.bsky.social', 'favstats.bsky.social'],
    } satisfies Partial<Post>);
    expect(post.data!.thumbnailUrl).toMatch(/^https:\/\/cdn\.bsky\.app\//);

    const replies = asList(
      await runEndpoint(socialPostRepliesEndpoint, { url }, recorded({ 'app.bsky.feed.getPostThread': 'thread_jbgruber_atr_2025.json' })),
    );
    const chain = ['3kbi56mwx5j2q', '3kbi57u4sys2l', '3kbi5dzaujr2n'].map((rkey) => `at://${JBGRUBER}/app.bsky.feed.post/${rkey}`);
    expect(replies.items.map((comment) => [comment.id, comment.parentId])).toEqual([
      [chain[0], null],
      [chain[1], chain[0]],
      [chain[2], chain[1]],
    ]);
    expect(replies.items.every((comment: Comment) => comment.isAuthorReply === true && comment.postId === url)).toBe(true);
    expect(rawOf(replies).comments.map((each: { depth: number }) => each.depth)).toEqual([1, 2, 3]);
    expect(replies.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('reads both custom feeds; a handle in the feed URL is resolved first, and a cursor with + goes back intact', async () => {
    const upstream = recorded({
      'com.atproto.identity.resolveHandle': 'resolve_handle_chriskenny_2025.json',
      'app.bsky.feed.getFeed': 'feed_bsky_team_2025.json',
    });
    const team = asList(await runEndpoint(socialFeedEndpoint, { url: 'https://bsky.app/profile/bsky.app/feed/bsky-team' }, upstream));
    expect(upstream.calls.map((call) => new URL(call.url).pathname)).toEqual([
      '/xrpc/com.atproto.identity.resolveHandle',
      '/xrpc/app.bsky.feed.getFeed',
    ]);
    expect(team.items).toHaveLength(7);
    expect(team.pagination).toEqual({ cursor: '2025-04-21T16:01:54Z', hasMore: true });

    const cursor = 'dQxs7yG9qGd9Wifp2LW_otpPuvTcI3KOpqzNlrD9Bws+at://did:plc:bkcmwfvoqsf7lxf77l772zur/app.bsky.feed.post/3lt3vuuihxk23';
    const heiss = recorded({ 'app.bsky.feed.getFeed': 'feed_andrew_heiss_aaaeckvqc3gzg_2025.json' });
    const first = asList(
      await runEndpoint(
        socialFeedEndpoint,
        { url: 'at://did:plc:2zcfjzyocp6kapg6jc4eacok/app.bsky.feed.generator/aaaeckvqc3gzg', limit: 25 },
        heiss,
      ),
    );
    expect(first.items.length + (rawOf(first).withheld?.count ?? 0)).toBe(25);
    expect(first.pagination).toEqual({ cursor, hasMore: true });
    await runEndpoint(
      socialFeedEndpoint,
      { url: 'at://did:plc:2zcfjzyocp6kapg6jc4eacok/app.bsky.feed.generator/aaaeckvqc3gzg', limit: 25, cursor },
      heiss,
    );
    expect(new URL(heiss.calls[1]!.url).searchParams.get('cursor')).toBe(cursor);
    expect(heiss.calls[1]!.url).toContain('%2B');
  });

  it('reads followers (48, empty display names as null, a cursor), the list (8 members, raw.list) and the user search (3)', async () => {
    const followers = asList(
      await runEndpoint(
        socialProfileFollowersEndpoint,
        { handle: 'chriskenny.bsky.social' },
        recorded({ 'app.bsky.graph.getFollowers': 'followers_chriskenny_2025.json' }),
      ),
    );
    expect(followers.items.length + (rawOf(followers).withheld?.count ?? 0)).toBe(48);
    expect(followers.items[0]!.handle).toBe('kiarahernandezm.bsky.social');
    expect(followers.items.find((creator) => creator.handle === 'kholy.bsky.social')!.displayName).toBeNull();
    expect(followers.items.every((creator) => creator.followerCount === null && creator.postCount === null)).toBe(true);
    expect(followers.pagination).toEqual({ cursor: '3lktasir3le2j', hasMore: true });

    const list = asList(
      await runEndpoint(
        socialListEndpoint,
        { url: 'https://bsky.app/profile/did:plc:ragtjsm2j2vknwkz3zp4oxrd/lists/3kmokjyuflk2g' },
        recorded({ 'app.bsky.graph.getList': 'list_software_curate_2025.json' }),
      ),
    );
    expect(list.items).toHaveLength(8);
    expect(rawOf(list).list).toMatchObject({
      name: 'Software curate',
      purpose: 'app.bsky.graph.defs#curatelist',
      description: null,
      listItemCount: 10,
    });
    expect(list.pagination).toEqual({ cursor: null, hasMore: false });

    const search = asList(
      await runEndpoint(
        socialSearchUsersEndpoint,
        { query: 'JBGruber' },
        recorded({ 'app.bsky.actor.searchActors': 'search_actors_jbgruber_2025.json' }),
      ),
    );
    expect(search.items.map((creator) => creator.handle)).toEqual([
      'r-bloggers.bsky.social',
      'schwabenschau.bsky.social',
      'jbgruber.bsky.social',
    ]);
    expect(search.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('reads the recorded XRPC error shape and the recorded rate-limit headers (reset in epoch seconds)', async () => {
    const entry = manifest().find((each) => each.file === 'err_400_invalid_request_2025.json')!;
    const body = JSON.parse(sample(entry.file)) as { error: string; message: string };
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    const headers = entry.response.headers!;
    expect(readHostBudget(headers, Date.parse('2025-05-22T14:42:25Z'))).toEqual({ remaining: 2976, resetAtMs: 1747925095 * 1000 });
  });
});
