import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Comment, Creator, Post } from '../../../src/model/content.js';
import type { ActivityEvent, Repository } from '../../../src/families/code/model.js';
import { codeIssueCommentsEndpoint } from '../../../src/families/code/endpoints/issue-comments.js';
import { codeIssueEndpoint } from '../../../src/families/code/endpoints/issue.js';
import { codeRepoIssuesEndpoint } from '../../../src/families/code/endpoints/repo-issues.js';
import { codeRepoEndpoint } from '../../../src/families/code/endpoints/repo.js';
import { codeSearchEndpoint } from '../../../src/families/code/endpoints/search.js';
import { codeTrendingDevelopersEndpoint } from '../../../src/families/code/endpoints/trending-developers.js';
import { codeTrendingEndpoint } from '../../../src/families/code/endpoints/trending.js';
import { codeUserActivityEndpoint } from '../../../src/families/code/endpoints/user-activity.js';
import { codeUserEndpoint } from '../../../src/families/code/endpoints/user.js';
import { readRateBudget } from '../../../src/families/code/upstream/rate-budget.js';
import { decodeCursor } from '../../../src/families/code/upstream/paging.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { apiAnswer, asList, asSingle, htmlAnswer, rawOf, runEndpoint } from './support.js';

/**
 * The code family's parsers against the real recorded GitHub answers (shared/upstream-samples/code,
 * read from disk, never replayed against the site), with the manifest's recorded status and headers.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; headers?: Record<string, string> };
}

const sample = (file: string): string => readFileSync(`${samplesDir}/code/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(sample('manifest.json')) as ManifestEntry[];
const entryOf = (file: string): ManifestEntry => manifest().find((entry) => entry.file === file)!;

/** The sample as the upstream answered it: recorded status and headers. */
function recorded(file: string) {
  const entry = entryOf(file);
  const upstream = stubUpstream(() =>
    file.endsWith('.html')
      ? htmlAnswer(sample(file), entry.response.status)
      : apiAnswer(sample(file), entry.response.status, entry.response.headers ?? {}),
  );
  return upstream;
}

describe.skipIf(!samplesDir)('code conformance with recorded upstream samples', () => {
  it('every code sample of the manifest is covered here', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([
      'err_404_repo_not_found_2013.json',
      'issue_comments_octokit_rb_25_2016.json',
      'issue_placeholder_repo_1_2016.json',
      'org_codeforamerica_2014.json',
      'readme_octokit_rb_2013.json',
      'repo_github_linguist_2017.json',
      'repo_hello_world_2022.json',
      'repo_issues_rails_admin_2016.json',
      'search_repositories_tetris_2014.json',
      'trending_2023.html',
      'trending_developers_2022.html',
      'user_events_public_sferik_2013.json',
      'user_sferik_2013.json',
    ]);
  });

  it('user_sferik_2013: a person, empty-string company and bio become null', async () => {
    const upstream = recorded('user_sferik_2013.json');
    const result = asSingle(await runEndpoint(codeUserEndpoint, { username: 'https://github.com/sferik' }, upstream));
    expect(upstream.calls.map((call) => call.url)).toEqual([entryOf('user_sferik_2013.json').request.url]);
    expect(upstream.calls[0]!.headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    const creator = result.data as Creator;
    expect(creator).toMatchObject({
      platform: 'github',
      id: '10308',
      handle: 'sferik',
      displayName: 'Erik Michaels-Ober',
      bio: null,
      followerCount: 688,
      followingCount: 102,
      postCount: 83,
      isBusiness: false,
      category: null,
      location: 'San Francisco, CA',
      createdAt: '2008-05-14T20:36:12Z',
      url: 'https://github.com/sferik',
    });
    expect(creator.externalLinks).toEqual(['http://twitter.com/sferik']);
    expect(rawOf(result)).toMatchObject({ company: null, publicGists: 65, type: 'User' });
    // Anonymous answer: 59 left, no reset recorded, so the longest window is assumed.
    expect(readRateBudget(entryOf('user_sferik_2013.json').response.headers!, 0)).toEqual({ remaining: 59, resetAtMs: 3600 * 1000 });
  });

  it('org_codeforamerica_2014: an organisation is a business with category Organization', async () => {
    const result = asSingle(await runEndpoint(codeUserEndpoint, { username: '@codeforamerica' }, recorded('org_codeforamerica_2014.json')));
    expect(result.data).toMatchObject({
      id: '337792',
      handle: 'codeforamerica',
      displayName: 'Code for America',
      isBusiness: true,
      category: 'Organization',
      postCount: 353,
      followerCount: 1,
      location: null,
      verified: null,
    });
    expect(readRateBudget(entryOf('org_codeforamerica_2014.json').response.headers!, 0)).toEqual({
      remaining: 4759,
      resetAtMs: 1394236515 * 1000,
    });
  });

  it('repo_github_linguist_2017: stars from stargazers_count, watchers from subscribers_count', async () => {
    const result = asSingle(
      await runEndpoint(codeRepoEndpoint, { repo: 'https://github.com/github/linguist.git' }, recorded('repo_github_linguist_2017.json')),
    );
    const repository = result.data as Repository;
    expect(repository).toMatchObject({
      platform: 'github',
      id: '1725199',
      fullName: 'github/linguist',
      name: 'linguist',
      ownerHandle: 'github',
      starCount: 4630,
      forkCount: 1817,
      openIssueCount: 103,
      watcherCount: 161,
      language: 'Ruby',
      defaultBranch: 'master',
      createdAt: '2011-05-09T22:53:13Z',
      pushedAt: '2017-04-22T15:56:35Z',
      license: null,
      starsInPeriod: null,
    });
    expect(repository.topics).toHaveLength(4);
  });

  it('repo_hello_world_2022: nulls stay null', async () => {
    const result = asSingle(
      await runEndpoint(codeRepoEndpoint, { repo: 'octokit-fixture-org/hello-world' }, recorded('repo_hello_world_2022.json')),
    );
    expect(result.data).toMatchObject({
      id: '103703892',
      starCount: 0,
      forkCount: 0,
      description: null,
      language: null,
      homepageUrl: null,
      license: null,
      topics: ['fixtures', 'hello', 'hello-world'],
      isArchived: false,
      isFork: false,
    });
  });

  it('user_events_public_sferik_2013: 30 events with string ids, newest first, cursor to page 2', async () => {
    const upstream = recorded('user_events_public_sferik_2013.json');
    const result = asList(await runEndpoint(codeUserActivityEndpoint, { username: 'sferik' }, upstream));
    expect(upstream.calls[0]!.url).toBe('https://api.github.com/users/sferik/events/public?per_page=30&page=1');
    const events = result.items as ActivityEvent[];
    expect(events).toHaveLength(30);
    expect(events.every((event) => typeof event.id === 'string' && event.actorHandle === 'sferik')).toBe(true);
    expect(events[0]).toMatchObject({
      id: '1758988690',
      type: 'PushEvent',
      repoFullName: 'erikhuda/thor',
      createdAt: '2013-06-17T13:51:39Z',
    });
    expect(events[0]!.summary).toMatch(/^pushed \d+ commits? to master$/);
    expect(events.at(-1)).toMatchObject({ id: '1757205285', createdAt: '2013-06-14T00:52:23Z' });
    const counts: Record<string, number> = {};
    for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
    expect(counts).toEqual({ PushEvent: 16, IssueCommentEvent: 5, PullRequestEvent: 4, CreateEvent: 3, DeleteEvent: 2 });
    expect(events.filter((event) => event.type === 'IssueCommentEvent').every((event) => event.summary.startsWith('commented on '))).toBe(
      true,
    );
    expect(
      events.filter((event) => event.type === 'CreateEvent').every((event) => /^created (branch|tag|repository) /.test(event.summary)),
    ).toBe(true);
    expect(events.filter((event) => event.type === 'DeleteEvent').every((event) => /^deleted (branch|tag) /.test(event.summary))).toBe(
      true,
    );
    expect(events.every((event) => event.url?.startsWith('https://github.com/'))).toBe(true);
    expect(result.pagination.hasMore).toBe(true);
    expect(decodeCursor(result.pagination.cursor!)).toEqual({ page: 2, perPage: 30 });
    expect(rawOf(result).pollIntervalSeconds).toBe(60);
    expect(rawOf(result).cap).toBeUndefined();
  });

  it('repo_issues_rails_admin_2016: 30 items, 6 pull requests, cursor to page 2', async () => {
    const upstream = recorded('repo_issues_rails_admin_2016.json');
    const result = asList(await runEndpoint(codeRepoIssuesEndpoint, { repo: 'https://github.com/sferik/rails_admin/issues' }, upstream));
    expect(upstream.calls[0]!.url).toBe(
      'https://api.github.com/repos/sferik/rails_admin/issues?state=open&sort=created&direction=desc&per_page=30&page=1',
    );
    const posts = result.items as Post[];
    expect(posts).toHaveLength(30);
    expect(posts.every((post) => post.type === 'text' && post.platform === 'github' && post.hashtags.length === 0)).toBe(true);
    expect(posts[0]).toMatchObject({
      id: '184244666',
      title: 'including Mongoid::Autoinc would not display a model in Rails_admin',
      authorHandle: 'nengine',
      commentCount: 0,
      publishedAt: '2016-10-20T14:26:39Z',
    });
    expect(posts.at(-1)!.title).toBe('Anonymous class compatibility');
    const kinds = (rawOf(result).posts as { kind: string; number: number }[]).map((post) => post.kind);
    expect(kinds.filter((kind) => kind === 'pull')).toHaveLength(6);
    expect(rawOf(result).posts[0].number).toBe(2746);
    expect(decodeCursor(result.pagination.cursor!)).toEqual({ page: 2, perPage: 30 });

    const pulls = asList(
      await runEndpoint(
        codeRepoIssuesEndpoint,
        { repo: 'sferik/rails_admin', kind: 'pull' },
        recorded('repo_issues_rails_admin_2016.json'),
      ),
    );
    expect(pulls.items).toHaveLength(6);
    expect(pulls.pagination.hasMore).toBe(true);
    const issues = asList(
      await runEndpoint(
        codeRepoIssuesEndpoint,
        { repo: 'sferik/rails_admin', kind: 'issue', limit: 30 },
        recorded('repo_issues_rails_admin_2016.json'),
      ),
    );
    expect(issues.items).toHaveLength(24);
  });

  it('issue_placeholder_repo_1_2016: one issue, placeholders kept verbatim', async () => {
    const result = asSingle(
      await runEndpoint(codeIssueEndpoint, { url: 'octokit/octokit.rb#1' }, recorded('issue_placeholder_repo_1_2016.json')),
    );
    expect(result.data).toMatchObject({
      id: '184660838',
      title: 'Migrate issues to v3',
      text: 'Move all Issues calls to v3 of the API',
      commentCount: 0,
      authorHandle: '<GITHUB_LOGIN>',
      authorId: '16271136',
      type: 'text',
      publishedAt: '2016-10-22T23:23:40Z',
    });
    expect(rawOf(result)).toMatchObject({ kind: 'issue', number: 1, state: 'open' });
  });

  it('issue_comments_octokit_rb_25_2016: 3 comments oldest first, postId the number, no more pages', async () => {
    const upstream = recorded('issue_comments_octokit_rb_25_2016.json');
    const result = asList(await runEndpoint(codeIssueCommentsEndpoint, { url: 'https://github.com/octokit/octokit.rb/pull/25' }, upstream));
    expect(upstream.calls[0]!.url).toBe('https://api.github.com/repos/octokit/octokit.rb/issues/25/comments?per_page=30&page=1');
    const comments = result.items as Comment[];
    expect(comments.map((comment) => comment.id)).toHaveLength(3);
    expect(comments[0]).toMatchObject({
      id: '1194549',
      authorHandle: 'catsby',
      publishedAt: '2011-05-18T02:29:52Z',
      postId: '25',
      parentId: null,
    });
    expect(comments[2]).toMatchObject({ id: '1199663', authorHandle: 'sferik', text: 'Thanks for digging in on this.' });
    expect(rawOf(result).comments[0].url).toMatch(/\/pull\/25#issuecomment-1194549$/);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('search_repositories_tetris_2014: 30 repositories by stars, total 77, cursor to page 2', async () => {
    const upstream = recorded('search_repositories_tetris_2014.json');
    const result = asList(await runEndpoint(codeSearchEndpoint, { query: 'tetris language:assembly', sort: 'stars' }, upstream));
    const url = new URL(upstream.calls[0]!.url);
    expect(url.pathname).toBe('/search/repositories');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'tetris language:assembly',
      sort: 'stars',
      order: 'desc',
      per_page: '30',
      page: '1',
    });
    expect(result.items).toHaveLength(30);
    expect(result.items[0]).toMatchObject({
      id: '4731946',
      fullName: 'cjauvin/tetris-c64',
      starCount: 7,
      forkCount: 0,
      language: 'Assembly',
      watcherCount: null,
    });
    expect(result.items.slice(1, 3).map((repository) => repository.fullName)).toEqual(['jcoglan/nand2tetris', 'Shikhin/tetranglix']);
    expect(rawOf(result).totalCount).toBe(77);
    expect(decodeCursor(result.pagination.cursor!)).toEqual({ page: 2, perPage: 30 });
  });

  it('trending_2023: 25 repositories in page order, h2 markup, stars today', async () => {
    const upstream = recorded('trending_2023.html');
    const result = asList(await runEndpoint(codeTrendingEndpoint, {}, upstream));
    expect(upstream.calls[0]!.url).toBe('https://github.com/trending?since=daily');
    const repositories = result.items as Repository[];
    expect(repositories).toHaveLength(25);
    expect(repositories[0]).toMatchObject({
      id: '640161038',
      fullName: 'smol-ai/developer',
      ownerHandle: 'smol-ai',
      name: 'developer',
      language: 'Python',
      starCount: 5096,
      forkCount: 277,
      starsInPeriod: 1582,
      url: 'https://github.com/smol-ai/developer',
      createdAt: null,
      license: null,
      watcherCount: null,
    });
    expect(repositories[0]!.description).toMatch(/^with 100k context windows on the way, /);
    expect(rawOf(result).repositories[0]).toEqual({ rank: 1, builtBy: ['sw-yx', 'talboren', 'Kilian', 'fardeem'], period: 'stars today' });
    expect(repositories.at(-1)).toMatchObject({ fullName: 'public-apis/public-apis', starCount: 240084 });
    expect(
      repositories
        .filter((repository) => repository.language === null)
        .map((repository) => repository.fullName)
        .sort(),
    ).toEqual(['Tencent/secguide', 'brexhq/prompt-engineering', 'geekan/HowToLiveLonger']);
    expect(repositories.filter((repository) => repository.description === null).map((repository) => repository.fullName)).toEqual([
      'haoel/haoel.github.io',
    ]);
    expect(
      repositories.every(
        (repository) => repository.starsInPeriod !== null && repository.starCount !== null && repository.forkCount !== null,
      ),
    ).toBe(true);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('trending_2023 in the older markup (h1, forks at /network/members) reads the same', async () => {
    const older = sample('trending_2023.html')
      .replace(/<h2 class="h3 lh-condensed">([\s\S]*?)<\/h2>/g, '<h1 class="h3 lh-condensed">$1</h1>')
      .replace(/href="(\/[^"/]+\/[^"/]+)\/forks"/g, 'href="$1/network/members"');
    expect(older).not.toContain('/forks"');
    const result = asList(
      await runEndpoint(
        codeTrendingEndpoint,
        { language: 'Python', since: 'weekly' },
        stubUpstream(() => htmlAnswer(older)),
      ),
    );
    expect(result.items).toHaveLength(25);
    expect(result.items[0]).toMatchObject({ fullName: 'smol-ai/developer', forkCount: 277, starsInPeriod: 1582 });
  });

  it('trending_developers_2022: 25 developers ranked 1-25, 4 without a popular repo', async () => {
    const upstream = recorded('trending_developers_2022.html');
    const result = asList(await runEndpoint(codeTrendingDevelopersEndpoint, {}, upstream));
    expect(upstream.calls[0]!.url).toBe('https://github.com/trending/developers?since=daily');
    const developers = result.items as Creator[];
    expect(developers).toHaveLength(25);
    expect(developers[0]).toMatchObject({
      id: '1162160',
      handle: 'Rich-Harris',
      displayName: 'Rich Harris',
      url: 'https://github.com/Rich-Harris',
      followerCount: null,
    });
    expect(developers.at(-1)).toMatchObject({ handle: 'Geal', displayName: 'Geoffroy Couprie' });
    const extras = rawOf(result).developers as {
      rank: number;
      popularRepo: { fullName: string; description: string | null } | null;
      worksFor: string | null;
    }[];
    expect(extras.map((extra) => extra.rank)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(extras[0]!.popularRepo).toEqual({ fullName: 'Rich-Harris/degit', description: 'Straightforward project scaffolding' });
    expect(extras.at(-1)!.popularRepo?.fullName).toBe('Geal/nom');
    const without = developers.filter((_, index) => extras[index]!.popularRepo === null).map((developer) => developer.handle);
    expect(without).toEqual(['crynobone', 'fulmicoton', 'Artur-', 'simonbasle']);
    expect(extras.filter((extra) => extra.popularRepo === null).every((extra) => extra.worksFor !== null)).toBe(true);
  });

  it('err_404_repo_not_found_2013: an empty not_found result, not a failure', async () => {
    const result = asSingle(
      await runEndpoint(codeRepoEndpoint, { repo: 'pengwynn/octokit' }, recorded('err_404_repo_not_found_2013.json')),
    );
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
    expect(rawOf(result).payload).toEqual({ message: 'Not Found' });
  });

  it('readme_octokit_rb_2013: no endpoint reads it (no README endpoint in the catalogue); the body is base64 with line breaks', () => {
    const body = JSON.parse(sample('readme_octokit_rb_2013.json')) as { content: string; size: number };
    const decoded = Buffer.from(body.content.replace(/\n/g, ''), 'base64');
    expect(decoded.length).toBe(body.size);
    expect(decoded.toString('utf8').startsWith('# Octokit\n\nSimple Ruby wrapper for the GitHub API.')).toBe(true);
  });
});
