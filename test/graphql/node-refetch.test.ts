import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/gateway.js';
import { api, at, fixture, startCodeHarness } from '../families/code/e2e/support.js';

/** node(id:) refetches through the resource's own endpoint: billed, and cached, like that endpoint. */
describe('node(id:) through the pipeline', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startCodeHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('refetches a repository and an account by their global ids, billed like their endpoints and served from the cache after', async () => {
    harness.upstream
      .on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))))
      .on(at('/users/lumen-works', api(fixture('user-org.json'))));
    const listed = await harness.graphql('{ codeRepo(repo: "lumen-works/ferrite") { id platformId fullName owner { id handle } } }');
    expect(listed.body.errors).toBeUndefined();
    const repo = listed.body.data.codeRepo;
    const NODE = 'query ($id: ID!) { node(id: $id) { __typename id ... on Repository { platformId fullName } ... on Creator { handle } } }';

    const live = await harness.graphql(NODE, { id: repo.owner.id });
    expect(live.body.data.node).toEqual({ __typename: 'Creator', id: repo.owner.id, handle: 'lumen-works' });

    // The repository was fetched by codeRepo a moment ago: with cacheMaxAge, node(id:) is a cache hit of /v1/code/repo, free.
    const requests = harness.upstream.requests.length;
    const cached = await harness.graphql(NODE.replace('node(id: $id)', 'node(id: $id, cacheMaxAge: "1h")'), { id: repo.id });
    expect(cached.body.data.node).toEqual({
      __typename: 'Repository',
      id: repo.id,
      platformId: repo.platformId,
      fullName: 'lumen-works/ferrite',
    });
    expect(cached.body.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 1 });
    expect(harness.upstream.requests.length).toBe(requests);
  });

  it('refuses a bad cacheMaxAge with invalid_request, before any fetch', async () => {
    const id = Buffer.from(JSON.stringify(['Repository', 'github', 'lumen-works/ferrite', 1])).toString('base64url');
    const { body } = await harness.graphql('query ($id: ID!) { node(id: $id, cacheMaxAge: "soon") { id } }', { id });
    expect(body.errors[0].extensions).toMatchObject({ code: 'invalid_request' });
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('answers null for a resource that is gone', async () => {
    const listed = await harness.graphql('query ($id: ID!) { node(id: $id) { id } }', {
      id: Buffer.from(JSON.stringify(['Repository', 'github', 'lumen-works/missing', 1])).toString('base64url'),
    });
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.node).toBeNull();
  });
});
