import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../../../support/gateway.js';
import { api, at, fixture, html, startCodeHarness, upstreamUrls } from './support.js';

/** The code family's GraphQL root fields over the real gateway: same validation, billing and empty results as REST. */

describe('code GraphQL root fields', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startCodeHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('follows Repository.owner, Repository.issues and each issue author: 1 + 1 + 1 + distinct authors fetches, billed the same', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))));
    harness.upstream.on(at('/users/lumen-works', api(fixture('user-org.json'))));
    harness.upstream.on(at('/repos/lumen-works/ferrite/issues', api(fixture('issues.json'))));
    harness.upstream.on(
      at(
        '/users/ivo-marsh',
        api({ ...JSON.parse(fixture('user-person.json')), login: 'ivo-marsh', html_url: 'https://github.com/ivo-marsh' }),
      ),
    );
    harness.upstream.on(at('/users/tamsin-reyes', api(fixture('user-person.json'))));
    const response = await harness.graphql(`{
      codeRepo(repo: "lumen-works/ferrite") { owner { handle followerCount } issues(limit: 5) { items { title author { handle } } } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const repo = response.body.data.codeRepo;
    expect(repo.owner.handle).toBe('lumen-works');
    expect(repo.issues.items).toHaveLength(3);
    expect(repo.issues.items.map((issue: { author: { handle: string } }) => issue.author.handle)).toEqual([
      'ivo-marsh',
      'tamsin-reyes',
      'ivo-marsh',
    ]);
    const urls = upstreamUrls(harness);
    // The repository, its owner, one page of issues (asked with the edge's limit), and two distinct authors.
    expect(urls).toHaveLength(5);
    expect(urls.some((url) => url.includes('/repos/lumen-works/ferrite/issues') && url.includes('per_page=5'))).toBe(true);
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 5, liveFetches: 5 });
  });

  it('refuses an edge page size out of range without fetching the page', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))));
    const response = await harness.graphql(`{ codeRepo(repo: "lumen-works/ferrite") { fullName issues(limit: 500) { items { title } } } }`);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'invalid_request', details: { param: 'limit' } });
    // Only the repository itself was fetched (and paid); the refused page never was.
    expect(upstreamUrls(harness)).toHaveLength(1);
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 1 });
  });

  it('resolves a repository, an account, issues, activity and a trending board in one document', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))));
    harness.upstream.on(at('/users/lumen-works', api(fixture('user-org.json'))));
    harness.upstream.on(at('/repos/lumen-works/ferrite/issues', api(fixture('issues.json'))));
    harness.upstream.on(at('/users/tamsin-reyes/events/public', api(fixture('events.json'))));
    harness.upstream.on(at('/trending', html(fixture('trending.html')), 'github.com'));
    const response = await harness.graphql(`{
      codeRepo(repo: "https://github.com/lumen-works/ferrite/tree/main") { platformId fullName starCount watcherCount license topics starsInPeriod }
      codeUser(username: "@lumen-works") { handle isBusiness category }
      codeRepoIssues(repo: "lumen-works/ferrite", kind: PULL, includeRaw: true) { items { title authorHandle type } pagination { hasMore } raw }
      codeUserActivity(username: "tamsin-reyes", limit: 2) { items { type summary repoFullName } }
      codeTrending(since: DAILY) { items { fullName starsInPeriod } }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.codeRepo).toEqual({
      platformId: '50010001',
      fullName: 'lumen-works/ferrite',
      starCount: 1280,
      watcherCount: 37,
      license: 'Apache-2.0',
      topics: ['build', 'cache', 'rust'],
      starsInPeriod: null,
    });
    expect(response.body.data.codeUser).toEqual({ handle: 'lumen-works', isBusiness: true, category: 'Organization' });
    expect(response.body.data.codeRepoIssues.items).toEqual([
      { title: 'Add a --dry-run flag', authorHandle: 'tamsin-reyes', type: 'text' },
    ]);
    expect(response.body.data.codeRepoIssues.raw.posts[0].kind).toBe('pull');
    expect(response.body.data.codeUserActivity.items).toEqual([
      { type: 'PushEvent', summary: 'pushed 3 commits to main', repoFullName: 'lumen-works/ferrite' },
      { type: 'CreateEvent', summary: 'created tag v2.3.1', repoFullName: 'lumen-works/ferrite' },
    ]);
    expect(response.body.data.codeTrending.items[0]).toEqual({ fullName: 'lumen-works/ferrite', starsInPeriod: 1203 });
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 5, liveFetches: 5 });
    expect(upstreamUrls(harness)).toHaveLength(5);
  });

  it('answers a missing repository with null, free, and another host with invalid_request before any fetch', async () => {
    const missing = await harness.graphql('{ codeRepo(repo: "lumen-works/nothing") { fullName } }');
    expect(missing.body.data.codeRepo).toBeNull();
    expect(missing.body.extensions.billing).toMatchObject({ creditsCharged: 0 });
    harness.upstream.reset();
    const foreign = await harness.graphql('{ codeRepo(repo: "https://gitlab.com/lumen-works/ferrite") { fullName } }');
    expect(foreign.body.errors[0].extensions.code).toBe('invalid_request');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
