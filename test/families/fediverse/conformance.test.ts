import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fediverseAccountPostsEndpoint } from '../../../src/families/fediverse/endpoints/account-posts.js';
import { fediverseAccountEndpoint } from '../../../src/families/fediverse/endpoints/account.js';
import { fediverseHashtagEndpoint } from '../../../src/families/fediverse/endpoints/hashtag.js';
import { fediverseInstanceEndpoint } from '../../../src/families/fediverse/endpoints/instance.js';
import { fediversePostRepliesEndpoint } from '../../../src/families/fediverse/endpoints/post-replies.js';
import { fediversePostEndpoint } from '../../../src/families/fediverse/endpoints/post.js';
import { fediverseSearchAccountsEndpoint } from '../../../src/families/fediverse/endpoints/search-accounts.js';
import { readInstanceBudget } from '../../../src/families/fediverse/upstream/budget.js';
import type { Instance } from '../../../src/families/fediverse/model.js';
import type { Comment, Creator, Post } from '../../../src/model/content.js';
import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';
import { apiAnswer, asList, asSingle, rawOf, runEndpoint } from './support.js';

/**
 * The fediverse family against real recorded Mastodon answers (shared upstream samples, read from
 * disk, never replayed against the servers), each served with its recorded status and headers at
 * the path the family asks. Skipped without UPSTREAM_SAMPLES_DIR.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; headers?: Record<string, string> };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/fediverse/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];

/** A file's body with its recorded status and headers. */
function recordedAnswer(file: string): StubAnswer {
  const entry = manifest().find((each) => each.file === file)!;
  return apiAnswer(sample(file), entry.response.status, entry.response.headers ?? {});
}

/** An instance answering `host + path (+ max_id)` with recorded files; anything else fails the test. */
function recorded(routes: Record<string, string>) {
  return stubUpstream((_request, url) => {
    const maxId = url.searchParams.get('max_id');
    const key = `${url.host}${url.pathname}${maxId === null ? '' : `?max_id=${maxId}`}`;
    const file = routes[key];
    return file === undefined ? undefined : recordedAnswer(file);
  });
}

const FOSSTODON_ACCOUNT = '109302436954721982';
const statusesPath = `fosstodon.org/api/v1/accounts/${FOSSTODON_ACCOUNT}/statuses`;
const statusPages = ['113191408914362368', '112979293284087498', '112418329082967725', '111922827116719110'];
const accountRoutes: Record<string, string> = {
  'fosstodon.org/api/v1/accounts/lookup': 'account_fosstodon_schochastics_2025.json',
  [statusesPath]: 'account_statuses_fosstodon_schochastics_p1_2025.json',
  ...Object.fromEntries(
    statusPages.map((maxId, index) => [
      `${statusesPath}?max_id=${maxId}`,
      `account_statuses_fosstodon_schochastics_p${index + 2}_2025.json`,
    ]),
  ),
};

describe.skipIf(!samplesDir)('fediverse conformance with recorded upstream samples', () => {
  it('every fediverse sample of the manifest is covered here', () => {
    const covered = [
      ...Object.values(accountRoutes),
      'status_fosstodon_114620457512351116_2025.json',
      'status_mastodon_social_109294719267373593_2022.json',
      'context_mastodon_social_109294719267373593_2025.json',
      'context_fosstodon_114026814291152535_2025.json',
      'context_fosstodon_114027213608365869_2025.json',
      'hashtag_mastodon_social_rstats_2025.json',
      'hashtag_mastodon_social_ichbinhanna_p1_2025.json',
      'hashtag_mastodon_social_ichbinhanna_p2_2025.json',
      'hashtag_mastodon_social_ichbinhanna_p3_2025.json',
      'instance_v2_mastodon_social_2026.json',
      'instance_v1_mastodon_social_2026.json',
      'instance_v1_social_tchncs_de_2025.json',
      'err_404_lookup_record_not_found_2026.json',
      'err_404_status_not_found_2026.json',
      'err_401_access_token_invalid_2026.json',
      'synthetic_search_accounts_fosstodon_kudusch_2025.json',
    ];
    expect(new Set(covered)).toEqual(new Set(manifest().map((entry) => entry.file)));
  });

  it('reads the account: full acct, counts, field links, the banner placeholder as null', async () => {
    const upstream = recorded(accountRoutes);
    const creator = asSingle(await runEndpoint(fediverseAccountEndpoint, { account: '@schochastics@fosstodon.org' }, upstream))
      .data as Creator;
    expect(creator).toMatchObject({
      id: 'schochastics@fosstodon.org',
      handle: 'schochastics@fosstodon.org',
      displayName: 'David Schoch',
      followerCount: 1036,
      followingCount: 138,
      postCount: 280,
      bannerUrl: null,
      createdAt: '2022-11-07T00:00:00.000Z',
      externalLinks: ['https://www.mr.schochastics.net/', 'https://github.com/schochastics', 'http://worldclubratings.com'],
      url: 'https://fosstodon.org/@schochastics',
    });
    expect(upstream.calls[0]!.url).toBe('https://fosstodon.org/api/v1/accounts/lookup?acct=schochastics');
  });

  it('pages the account statuses by the Link max_id and withholds the noindex author reblogged on page 3', async () => {
    const upstream = recorded(accountRoutes);
    const seen: Post[] = [];
    let cursor: string | undefined;
    let withheldWarnings: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const input = {
        account: 'https://fosstodon.org/@schochastics',
        filter: 'posts_and_replies',
        limit: 20,
        ...(cursor ? { cursor } : {}),
      };
      const result = asList(await runEndpoint(fediverseAccountPostsEndpoint, input, upstream));
      seen.push(...(result.items as Post[]));
      if (page === 3) withheldWarnings = result.notices ?? [];
      expect(result.pagination.hasMore).toBe(true);
      cursor = result.pagination.cursor ?? undefined;
      if (page < 5) expect(cursor).toBe(statusPages[page - 1]);
    }
    expect(cursor).toBe('111688601930857250');
    expect(seen).toHaveLength(99);
    expect(withheldWarnings).toEqual(['1 post withheld: author_opted_out']);
    expect(seen.some((post) => post.authorId === 'termehs@fosstodon.org')).toBe(false);
    expect(seen.every((post) => post.id.startsWith('https://'))).toBe(true);
    expect(seen.some((post) => post.type === 'carousel')).toBe(true);
    expect(seen.some((post) => post.type === 'video')).toBe(true);
    expect(upstream.calls[1]!.url).toContain('limit=20');
  });

  it('reads a status: the shortened link as its href, #rstats, the remote mention made full', async () => {
    const upstream = recorded({ 'fosstodon.org/api/v1/statuses/114620457512351116': 'status_fosstodon_114620457512351116_2025.json' });
    const result = asSingle(
      await runEndpoint(fediversePostEndpoint, { url: 'https://fosstodon.org/@schochastics/114620457512351116' }, upstream),
    );
    const post = result.data as Post;
    expect(post).toMatchObject({
      id: 'https://fosstodon.org/users/schochastics/statuses/114620457512351116',
      authorId: 'schochastics@fosstodon.org',
    });
    expect(post.text).toContain(
      'https://r-consortium.org/posts/r-consortium-awards-first-round-of-2025-isc-grants/#bridging-worlds-enhancing-r-igraph-with-c-core-innovations',
    );
    expect(post.hashtags).toContain('rstats');
    expect(post.mentions).toContain('maelle@mastodon.social');
  });

  it('reads the 2022 status with paragraphs and line breaks, and its 59 replies in served order', async () => {
    const upstream = recorded({
      'mastodon.social/api/v1/statuses/109294719267373593': 'status_mastodon_social_109294719267373593_2022.json',
      'mastodon.social/api/v1/statuses/109294719267373593/context': 'context_mastodon_social_109294719267373593_2025.json',
    });
    const url = 'https://mastodon.social/@austinkocher/109294719267373593';
    const post = asSingle(await runEndpoint(fediversePostEndpoint, { url }, upstream)).data as Post;
    expect(post.text).toMatch(
      /^Mastodon will update to 4\.0 soon! Here are the most exciting new features \(in addition to fixes & changes\):\n\n- ability to follow hashtags\n- ability to filter by language\n/,
    );
    const replies = asList(await runEndpoint(fediversePostRepliesEndpoint, { url }, upstream));
    const comments = replies.items as Comment[];
    const context = JSON.parse(sample('context_mastodon_social_109294719267373593_2025.json')) as {
      descendants: { uri: string; id: string; in_reply_to_id: string }[];
    };
    expect(comments.map((each) => each.id)).toEqual(context.descendants.map((each) => each.uri));
    expect(comments.filter((each) => each.parentId === null)).toHaveLength(43);
    const byLocal = new Map(context.descendants.map((each) => [each.id, each.uri]));
    comments.forEach((comment, index) => {
      const parent = context.descendants[index]!.in_reply_to_id;
      expect(comment.parentId).toBe(parent === '109294719267373593' ? null : byLocal.get(parent));
      expect(comment.postId).toBe(post.id);
    });
    expect(comments.some((each) => !each.authorId!.endsWith('@mastodon.social'))).toBe(true);
    expect(replies.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('withholds three noindex repliers (an empty result) and a noindex reply asked directly', async () => {
    const page = JSON.parse(sample('account_statuses_fosstodon_schochastics_p1_2025.json')) as { id: string }[];
    const context = JSON.parse(sample('context_fosstodon_114026814291152535_2025.json')) as { descendants: unknown[] };
    const root = page.find((each) => each.id === '114026814291152535');
    // The statuses themselves come from the recorded page and context; the contexts are the recorded ones.
    const both = stubUpstream((_request, url) => {
      if (url.pathname === '/api/v1/statuses/114026814291152535/context')
        return recordedAnswer('context_fosstodon_114026814291152535_2025.json');
      if (url.pathname === '/api/v1/statuses/114027213608365869/context')
        return recordedAnswer('context_fosstodon_114027213608365869_2025.json');
      if (url.pathname === '/api/v1/statuses/114026814291152535') return apiAnswer(root);
      if (url.pathname === '/api/v1/statuses/114027213608365869') return apiAnswer(context.descendants[0]);
      return undefined;
    });
    const empty = asList(
      await runEndpoint(fediversePostRepliesEndpoint, { url: 'https://fosstodon.org/@schochastics/114026814291152535' }, both),
    );
    expect(empty.items).toEqual([]);
    expect(empty.emptyReason).toBe('author_opted_out');
    expect(empty.notices).toEqual(['3 replies withheld: author_opted_out']);
    expect(JSON.stringify(empty.raw)).not.toContain('MickaelCanouil');
    const direct = asList(
      await runEndpoint(fediversePostRepliesEndpoint, { url: 'https://fosstodon.org/@erc_bk/114027213608365869' }, both),
    );
    expect(direct.emptyReason).toBe('author_opted_out');
    expect(both.calls.map((call) => call.url)).not.toContain('https://fosstodon.org/api/v1/statuses/114027213608365869/context');
  });

  it('reads a hashtag page: 5 posts and the Link cursor', async () => {
    const upstream = recorded({ 'mastodon.social/api/v1/timelines/tag/rstats': 'hashtag_mastodon_social_rstats_2025.json' });
    const result = asList(await runEndpoint(fediverseHashtagEndpoint, { instance: 'mastodon.social', tag: '#rstats', limit: 5 }, upstream));
    expect(result.items).toHaveLength(5);
    expect(result.pagination).toEqual({ cursor: '114869144089828147', hasMore: true });
    expect(upstream.calls[0]!.url).toBe('https://mastodon.social/api/v1/timelines/tag/rstats?limit=5');
  });

  it('reads #ichbinhanna over three pages: a noindex author withheld, content warnings as titles, a pending quote', async () => {
    const upstream = recorded({
      'mastodon.social/api/v1/timelines/tag/ichbinhanna': 'hashtag_mastodon_social_ichbinhanna_p1_2025.json',
      'mastodon.social/api/v1/timelines/tag/ichbinhanna?max_id=114630169307317488': 'hashtag_mastodon_social_ichbinhanna_p2_2025.json',
      'mastodon.social/api/v1/timelines/tag/ichbinhanna?max_id=114347272189573465': 'hashtag_mastodon_social_ichbinhanna_p3_2025.json',
    });
    const posts: Post[] = [];
    const notices: string[] = [];
    const quotes: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= 3; page += 1) {
      const result = asList(
        await runEndpoint(
          fediverseHashtagEndpoint,
          { instance: 'https://Mastodon.Social/', tag: 'ichbinhanna', limit: 40, ...(cursor ? { cursor } : {}) },
          upstream,
        ),
      );
      posts.push(...(result.items as Post[]));
      notices.push(...(result.notices ?? []));
      quotes.push(...(rawOf(result).posts as { quote: unknown }[]).map((each) => each.quote).filter((quote) => quote !== null));
      cursor = result.pagination.cursor ?? undefined;
    }
    expect(cursor).toBe('113958523521356248');
    expect(posts).toHaveLength(119);
    expect(notices).toEqual(['1 post withheld: author_opted_out']);
    expect(posts.some((post) => post.authorId?.startsWith('hannaengelmeier@'))).toBe(false);
    expect(posts.filter((post) => post.title !== null)).toHaveLength(2);
    // The one quote of these pages is pending: its quoted status is not served yet, so raw.quote stays null.
    expect(quotes).toEqual([]);
    expect(posts.every((post) => post.hashtags.includes('IchbinHanna'))).toBe(true);
  });

  it('reads the v2 instance document of mastodon.social', async () => {
    const upstream = recorded({ 'mastodon.social/api/v2/instance': 'instance_v2_mastodon_social_2026.json' });
    const result = asSingle(await runEndpoint(fediverseInstanceEndpoint, { instance: 'mastodon.social' }, upstream));
    expect(result.data as Instance).toMatchObject({
      id: 'mastodon.social',
      version: '4.7.0-alpha.2+pr-39999-68e5caf',
      monthlyActiveUsers: 269307,
      contactEmail: 'staff@mastodon.social',
      contactAccount: 'Mastodon@mastodon.social',
      maxCharacters: 500,
      registrationsOpen: true,
      approvalRequired: false,
      userCount: null,
      statusCount: null,
      domainCount: null,
    });
    expect((result.data as Instance).rules).toHaveLength(6);
    expect(rawOf(result).via).toBe('v2');
  });

  it('falls back to v1 where v2 is 404 (social.tchncs.de), and reads the v1 document of mastodon.social', async () => {
    const tchncs = recorded({
      'social.tchncs.de/api/v2/instance': 'err_404_status_not_found_2026.json',
      'social.tchncs.de/api/v1/instance': 'instance_v1_social_tchncs_de_2025.json',
    });
    const result = asSingle(await runEndpoint(fediverseInstanceEndpoint, { instance: 'social.tchncs.de' }, tchncs));
    expect(result.data as Instance).toMatchObject({
      id: 'social.tchncs.de',
      userCount: 22960,
      approvalRequired: true,
      contactAccount: 'milan@social.tchncs.de',
    });
    expect(rawOf(result).via).toBe('v1');
    const v1 = recorded({
      'mastodon.social/api/v2/instance': 'err_404_status_not_found_2026.json',
      'mastodon.social/api/v1/instance': 'instance_v1_mastodon_social_2026.json',
    });
    const social = asSingle(await runEndpoint(fediverseInstanceEndpoint, { instance: 'mastodon.social' }, v1)).data as Instance;
    expect(social).toMatchObject({
      id: 'mastodon.social',
      userCount: 3354594,
      statusCount: 183323404,
      domainCount: 120970,
      registrationsOpen: true,
    });
    expect(social.description).not.toBeNull();
  });

  it('keeps 1 of 5 searched accounts: one noindex, three not discoverable', async () => {
    const upstream = recorded({ 'fosstodon.org/api/v2/search': 'synthetic_search_accounts_fosstodon_kudusch_2025.json' });
    const result = asList(
      await runEndpoint(fediverseSearchAccountsEndpoint, { instance: 'fosstodon.org', query: 'Kudusch', limit: 40 }, upstream),
    );
    expect((result.items as Creator[]).map((each) => each.id)).toEqual(['Kudusch@social.tchncs.de']);
    expect(result.notices).toEqual(['1 account withheld: author_opted_out', '3 accounts withheld: not_discoverable']);
    expect(upstream.calls[0]!.url).toBe('https://fosstodon.org/api/v2/search?q=Kudusch&type=accounts&resolve=false&limit=40');
  });

  it('reads the error bodies: 404s as not_found, the JSON 401 as login_required', async () => {
    const errors = stubUpstream((_request, url) => {
      if (url.pathname === '/api/v1/accounts/lookup') return recordedAnswer('err_404_lookup_record_not_found_2026.json');
      if (url.pathname.startsWith('/api/v1/statuses/')) return recordedAnswer('err_404_status_not_found_2026.json');
      return recordedAnswer('err_401_access_token_invalid_2026.json');
    });
    expect(asSingle(await runEndpoint(fediverseAccountEndpoint, { account: 'nobody@fosstodon.org' }, errors)).emptyReason).toBe(
      'not_found',
    );
    expect(asSingle(await runEndpoint(fediversePostEndpoint, { url: 'https://fosstodon.org/@x/0' }, errors)).emptyReason).toBe('not_found');
    const refused = asList(await runEndpoint(fediverseHashtagEndpoint, { instance: 'fosstodon.org', tag: 'rstats' }, errors));
    expect(refused.emptyReason).toBe('login_required');
  });

  it('reads the recorded rate-limit headers: an ISO reset, a past one ending nothing', () => {
    const entry = manifest().find((each) => each.file === 'hashtag_mastodon_social_rstats_2025.json')!;
    const headers = entry.response.headers ?? {};
    const reset = Date.parse(headers['x-ratelimit-reset']!);
    expect(readInstanceBudget(headers, reset - 60_000)).toEqual({ remaining: Number(headers['x-ratelimit-remaining']), resetAtMs: reset });
    const cached = manifest().find((each) => each.file === 'instance_v2_mastodon_social_2026.json')!.response.headers!;
    expect(readInstanceBudget(cached, Date.parse(cached.date!))).toBeNull();
  });
});
