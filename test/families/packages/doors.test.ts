import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CRATES_HOST, NPM_DOWNLOADS_HOST, NPM_REGISTRY_HOST, NPM_WEB_HOST, PYPI_HOST } from '../../../src/families/packages/constants.js';
import { callTool, connectClient, textOf } from '../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls } from '../../support/envelope.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { registryRoute } from './registry-world.js';

/** The packages family end to end: the real gateway, its registry hosts on a loopback fake, on REST, GraphQL and MCP. */

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('packages over loopback', () => {
  let harness: Harness;
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    client = await connectClient(harness.baseUrl);
  });
  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });
  beforeEach(async () => {
    harness.upstream.reset();
    harness.upstream.on(registryRoute);
    await harness.gateway.upstreamBudgets.forget();
  });

  it('serves an npm package from its packument, every pasted form sharing one cache entry', async () => {
    const first = await harness.get(`/v1/packages/package?${q({ registry: 'npm', name: 'prism-lint' })}`);
    expectPaid(first, 'single');
    expect(first.body.data).toMatchObject({
      platform: 'npm',
      id: 'prism-lint',
      url: `https://${NPM_WEB_HOST}/package/prism-lint`,
      description: 'prism-lint: a synthetic package',
      latestVersion: '1.2.0',
      license: 'MIT',
      repositoryUrl: 'https://github.com/lumen-works/prism-lint',
      maintainerHandles: ['tamsin-reyes'],
      versionCount: 4,
      createdAt: '2024-01-01T10:00:00.000Z',
      isDeprecated: false,
    });
    expect(JSON.stringify(first.body.data)).not.toContain('example.test"');
    for (const url of [`https://${NPM_WEB_HOST}/package/prism-lint`, `${NPM_WEB_HOST.replace(/^www\./, '')}/package/prism-lint/v/1.0.0`]) {
      const again = await harness.get(`/v1/packages/package?${q({ url, cache_max_age: '1h' })}`);
      expect(again.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    }
    expect(upstreamUrls(harness)).toEqual([`${NPM_REGISTRY_HOST}/prism-lint`]);
  });

  it('asks for a scoped name in the two encodings npm wants: packument and download API differ', async () => {
    const encoded = `https://${NPM_WEB_HOST}/package/%40lumen%2Fprism`;
    const scoped = await harness.get(`/v1/packages/package?${q({ url: encoded })}`);
    expectPaid(scoped, 'single');
    expect(scoped.body.data).toMatchObject({
      id: '@lumen/prism',
      license: 'MIT OR Apache-2.0',
      repositoryUrl: 'https://github.com/lumen-works/prism',
    });
    const downloads = await harness.get(`/v1/packages/package/downloads?${q({ registry: 'npm', name: '@lumen/prism' })}`);
    expectPaid(downloads, 'single');
    expect(downloads.body.data).toMatchObject({
      platform: 'npm',
      packageName: '@lumen/prism',
      period: 'last-week',
      downloads: 1234,
      end: '2025-03-09',
    });
    expect(upstreamUrls(harness)).toEqual([
      `${NPM_REGISTRY_HOST}/@lumen%2Fprism`,
      `${NPM_DOWNLOADS_HOST}/downloads/point/last-week/@lumen/prism`,
    ]);
  });

  it('lists npm versions newest first by publish time, without the unpublished one, paged by cursor', async () => {
    const first = await harness.get(`/v1/packages/package/versions?${q({ registry: 'npm', name: 'prism-lint', limit: '3' })}`);
    expectPaid(first, 'list');
    expect(first.body.data.items.map((each: { version: string }) => each.version)).toEqual(['2.0.0-beta.1', '1.2.0', '1.1.0']);
    expect(first.body.data.items[2]).toMatchObject({ id: 'prism-lint@1.1.0', isDeprecated: true, isYanked: null, license: 'MIT' });
    expect(first.body.pagination.hasMore).toBe(true);
    const next = await harness.get(
      `/v1/packages/package/versions?${q({ registry: 'npm', name: 'prism-lint', limit: '3', cursor: first.body.pagination.cursor })}`,
    );
    expect(next.body.data.items.map((each: { version: string }) => each.version)).toEqual(['1.0.0']);
    expect(next.body.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('serves a PyPI project under its normalised name, yanked releases, and refuses what PyPI does not publish before any request', async () => {
    const project = await harness.get(`/v1/packages/package?${q({ url: `https://${PYPI_HOST}/project/Ferrite.Tools/0.2.0/` })}`);
    expectPaid(project, 'single');
    expect(project.body.data).toMatchObject({
      platform: 'pypi',
      id: 'ferrite-tools',
      name: 'Ferrite_Tools',
      license: 'BSD-3-Clause',
      homepageUrl: 'https://ferrite.example.test',
      repositoryUrl: 'https://gitlab.com/lumen/ferrite-tools',
      keywords: ['ferrite', 'tools'],
      maintainerHandles: ['ivo-marsh'],
      versionCount: 4,
      createdAt: '2023-04-01T09:00:00.123456Z',
      updatedAt: '2024-01-10T12:00:00Z',
      isDeprecated: null,
    });
    const versions = await harness.get(`/v1/packages/package/versions?${q({ registry: 'pypi', name: 'ferrite_tools' })}`);
    expect(versions.body.data.items.map((each: Record<string, unknown>) => [each.version, each.isYanked, each.license])).toEqual([
      ['0.2.0', false, 'BSD-3-Clause'],
      ['0.1.1', true, null],
      ['0.1.0', false, null],
      ['0.0.1', false, null],
    ]);
    expect(upstreamUrls(harness)).toEqual([`${PYPI_HOST}/pypi/ferrite-tools/json`, `${PYPI_HOST}/pypi/ferrite-tools/json`]);

    harness.upstream.reset();
    const before = await balanceOf(harness);
    for (const path of [
      `/v1/packages/package/downloads?${q({ registry: 'pypi', name: 'ferrite-tools' })}`,
      `/v1/packages/package/downloads?${q({ url: `https://${PYPI_HOST}/project/ferrite-tools/` })}`,
      `/v1/packages/search?${q({ registry: 'pypi', query: 'ferrite' })}`,
    ]) {
      const refused = await harness.get(path);
      expectError(refused, 400, 'invalid_request');
      expect(refused.body.error.details).toEqual({ param: 'registry' });
      expect(refused.body.error.message).toMatch(/PyPI (publishes no download counts|has no search API)/);
    }
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('serves a crate, its versions by the registry’s next page, and its downloads, with an identifying User-Agent', async () => {
    const crate = await harness.get(`/v1/packages/package?${q({ url: `https://${CRATES_HOST}/crates/Ferrite/0.4.0` })}`);
    expectPaid(crate, 'single');
    expect(crate.body.data).toMatchObject({
      platform: 'crates',
      id: 'ferrite',
      latestVersion: '0.4.0',
      license: 'MIT OR Apache-2.0',
      description: 'Magnetic core modelling.',
      keywords: ['magnetics'],
      maintainerHandles: ['tamsin-reyes', 'ivo-marsh'],
      versionCount: 3,
      homepageUrl: null,
    });
    const first = await harness.get(`/v1/packages/package/versions?${q({ registry: 'crates', name: 'ferrite', limit: '2' })}`);
    expect(first.body.data.items.map((each: Record<string, unknown>) => [each.version, each.isYanked])).toEqual([
      ['0.4.0', false],
      ['0.3.1', true],
    ]);
    const rest = await harness.get(
      `/v1/packages/package/versions?${q({ registry: 'crates', name: 'ferrite', limit: '2', cursor: first.body.pagination.cursor })}`,
    );
    expect(rest.body.data.items.map((each: { version: string }) => each.version)).toEqual(['0.3.0']);
    expect(rest.body.pagination.hasMore).toBe(false);
    const week = await harness.get(`/v1/packages/package/downloads?${q({ registry: 'crates', name: 'ferrite', period: 'last-week' })}`);
    expect(week.body.data).toMatchObject({ downloads: 15, start: '2025-03-03', end: '2025-03-09' });
    const month = await harness.get(`/v1/packages/package/downloads?${q({ registry: 'crates', name: 'ferrite', period: 'last-month' })}`);
    expect(month.body.data).toMatchObject({ downloads: 115, start: '2025-02-08', end: '2025-03-09' });
    expect(upstreamUrls(harness)).toEqual([
      `${CRATES_HOST}/api/v1/crates/ferrite`,
      `${CRATES_HOST}/api/v1/crates/ferrite/versions?per_page=2&sort=date`,
      `${CRATES_HOST}/api/v1/crates/ferrite/versions?per_page=2&sort=date&seek=Mg`,
      `${CRATES_HOST}/api/v1/crates/ferrite/downloads`,
      `${CRATES_HOST}/api/v1/crates/ferrite/downloads`,
    ]);
    for (const request of harness.upstream.requests) expect(request.headers['user-agent']).toMatch(/^public-data-gateway\/.*\+https:\/\//);
  });

  it('searches npm (from/size) and crates.io (next_page as given)', async () => {
    const npm = await harness.get(`/v1/packages/search?${q({ registry: 'npm', query: '  prism  ', limit: '2' })}`);
    expectPaid(npm, 'list');
    expect(npm.body.data.items.map((each: { id: string }) => each.id)).toEqual(['prism-lint', '@lumen/prism']);
    expect(npm.body.data.items[0]).toMatchObject({ maintainerHandles: ['tamsin-reyes'], latestVersion: '1.2.0', versionCount: null });
    expect(npm.body.pagination.hasMore).toBe(true);
    const more = await harness.get(
      `/v1/packages/search?${q({ registry: 'npm', query: 'prism', limit: '2', cursor: npm.body.pagination.cursor })}`,
    );
    expect(more.body.data.items.map((each: { id: string }) => each.id)).toEqual(['prism-extra']);
    expect(more.body.pagination).toEqual({ cursor: null, hasMore: false });
    const crates = await harness.get(`/v1/packages/search?${q({ registry: 'crates', query: 'ferrite' })}`);
    expect(crates.body.data.items.map((each: { id: string }) => each.id)).toEqual(['ferrite']);
    const page2 = await harness.get(
      `/v1/packages/search?${q({ registry: 'crates', query: 'ferrite', cursor: crates.body.pagination.cursor })}`,
    );
    expectEmpty(page2, 'list', 'no_results');
    expect(upstreamUrls(harness)).toEqual([
      `${NPM_REGISTRY_HOST}/-/v1/search?text=prism&size=2`,
      `${NPM_REGISTRY_HOST}/-/v1/search?text=prism&size=2&from=2`,
      `${CRATES_HOST}/api/v1/crates?q=ferrite&per_page=20`,
      `${CRATES_HOST}/api/v1/crates?q=ferrite&seek=Mg`,
    ]);
  });

  it.each([
    ['npm', '/v1/packages/package', { registry: 'npm', name: 'no-such-package' }, 'single'],
    ['npm downloads', '/v1/packages/package/downloads', { registry: 'npm', name: 'no-such-package' }, 'single'],
    ['PyPI', '/v1/packages/package', { registry: 'pypi', name: 'no-such-project' }, 'single'],
    ['PyPI versions', '/v1/packages/package/versions', { registry: 'pypi', name: 'no-such-project' }, 'list'],
    ['crates', '/v1/packages/package', { registry: 'crates', name: 'no-such-crate' }, 'single'],
    ['crates versions', '/v1/packages/package/versions', { registry: 'crates', name: 'no-such-crate' }, 'list'],
  ] as const)('answers an unknown package on %s as an empty result, not charged', async (_label, path, params, kind) => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`${path}?${q(params)}`), kind, 'not_found');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses malformed names, another host and a disagreeing registry with 400 naming the parameter, before any request', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ registry: 'npm', name: 'Bad Name!' }, 'name'],
      [{ registry: 'crates', name: '9lives' }, 'name'],
      [{ registry: 'pypi', name: '-dash' }, 'name'],
      [{ registry: 'npm', name: 'x'.repeat(215) }, 'name'],
      [{ url: 'https://rubygems.org/gems/rails' }, 'url'],
      [{ url: `https://${PYPI_HOST}/project/luigi/`, registry: 'npm' }, 'registry'],
      [{ name: 'lodash' }, 'registry'],
      [{ registry: 'npm' }, 'name'],
      [{}, 'url'],
    ];
    for (const [params, param] of cases) {
      const response = await harness.get(`/v1/packages/package?${q(params)}`);
      expectError(response, 400, 'invalid_request');
      expect(response.body.error.details, JSON.stringify(params)).toEqual({ param });
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('answers crates.io’s crawler-policy 403 as upstream_blocked and npm’s 429 with a zero Retry-After as 60 seconds, neither charged', async () => {
    harness.upstream.reset();
    harness.upstream.on((_request, url) =>
      url.hostname === CRATES_HOST
        ? {
            status: 403,
            body: {
              errors: [
                {
                  detail:
                    'We are unable to process your request at this time. This usually means that you are in violation of our crawler policy',
                },
              ],
            },
          }
        : url.hostname === NPM_REGISTRY_HOST
          ? { status: 429, body: '<html>Too many requests</html>', headers: { 'retry-after': '0', 'content-type': 'text/html' } }
          : undefined,
    );
    const before = await balanceOf(harness);
    const blocked = await harness.get(`/v1/packages/package?${q({ registry: 'crates', name: 'ferrite' })}`);
    expectError(blocked, 502, 'upstream_blocked');
    const limited = await harness.get(`/v1/packages/package?${q({ registry: 'npm', name: 'prism-lint' })}`);
    expectError(limited, 429, 'upstream_rate_limited');
    expect(limited.headers.get('retry-after')).toBe('60');
    // Until then the host is refused without a request.
    const again = await harness.get(`/v1/packages/package?${q({ registry: 'npm', name: 'other-package' })}`);
    expectError(again, 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.filter((request) => request.host === NPM_REGISTRY_HOST)).toHaveLength(1);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers a body without the registry’s shape as upstream_schema_drift, and a wholly unpublished package as not found, neither charged', async () => {
    harness.upstream.reset();
    harness.upstream.on((_request, url) =>
      url.pathname === '/gone-package'
        ? {
            body: {
              _id: 'gone-package',
              name: 'gone-package',
              time: { created: '2020-01-01T00:00:00.000Z', unpublished: { time: '2021-01-01T00:00:00.000Z' } },
            },
          }
        : url.hostname === NPM_REGISTRY_HOST || url.hostname === PYPI_HOST || url.hostname === NPM_DOWNLOADS_HOST
          ? { body: { kind: 42, items: { unexpected: true } } }
          : undefined,
    );
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`/v1/packages/package?${q({ registry: 'npm', name: 'gone-package' })}`), 'single', 'not_found');
    for (const path of [
      `/v1/packages/package?${q({ registry: 'npm', name: 'prism-lint' })}`,
      `/v1/packages/package?${q({ registry: 'pypi', name: 'ferrite-tools' })}`,
      `/v1/packages/package/downloads?${q({ registry: 'npm', name: 'prism-lint' })}`,
      `/v1/packages/search?${q({ query: 'prism' })}`,
    ]) {
      const response = await harness.get(path);
      expectError(response, 502, 'upstream_schema_drift');
    }
    expect(await balanceOf(harness)).toBe(before);
  });

  it('follows Package.versions, Package.downloads and Package.repository in GraphQL, each billed as its endpoint', async () => {
    const response = await harness.graphql(`{
      packagesPackage(registry: NPM, name: "prism-lint") {
        platformId latestVersion repositoryUrl
        versions(limit: 2) { items { version isDeprecated } }
        downloads { downloads period }
        repository { fullName starCount }
      }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.packagesPackage).toEqual({
      platformId: 'prism-lint',
      latestVersion: '1.2.0',
      repositoryUrl: 'https://github.com/lumen-works/prism-lint',
      versions: {
        items: [
          { version: '2.0.0-beta.1', isDeprecated: false },
          { version: '1.2.0', isDeprecated: false },
        ],
      },
      downloads: { downloads: 1234, period: 'last-week' },
      repository: { fullName: 'lumen-works/prism-lint', starCount: 12 },
    });
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 4 });
    expect(upstreamUrls(harness)).toContain('api.github.com/repos/lumen-works/prism-lint');
  });

  it('takes Package.downloads(period) over from the downloads endpoint: each period is its own billed load, and leaving it out is the last-week load', async () => {
    const response = await harness.graphql(`{
      packagesPackage(registry: CRATES, name: "ferrite") {
        week: downloads { downloads start end period }
        sameWeek: downloads(period: LAST_WEEK) { downloads period }
        month: downloads(period: LAST_MONTH) { downloads start end period }
      }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.packagesPackage).toEqual({
      week: { downloads: 15, start: '2025-03-03', end: '2025-03-09', period: 'last-week' },
      sameWeek: { downloads: 15, period: 'last-week' },
      month: { downloads: 115, start: '2025-02-08', end: '2025-03-09', period: 'last-month' },
    });
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 3 });
    const unknown = await harness.graphql(
      '{ packagesPackage(registry: CRATES, name: "ferrite") { downloads(period: LAST_YEAR) { downloads } } }',
    );
    expect(unknown.body.errors?.[0]?.message).toMatch(/LAST_YEAR/);
  });

  it('resolves PyPI downloads and a non-GitHub repository to null without a request', async () => {
    const response = await harness.graphql(`{
      packagesPackage(url: "https://${PYPI_HOST}/project/ferrite-tools/") { platformId repositoryUrl downloads { downloads } repository { fullName } }
      packagesSearch(registry: CRATES, query: "ferrite", limit: 1) { items { platformId } pagination { hasMore } }
      packagesPackageDownloads(registry: CRATES, name: "ferrite", period: LAST_DAY) { downloads start end }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toEqual({
      packagesPackage: {
        platformId: 'ferrite-tools',
        repositoryUrl: 'https://gitlab.com/lumen/ferrite-tools',
        downloads: null,
        repository: null,
      },
      packagesSearch: { items: [{ platformId: 'ferrite' }], pagination: { hasMore: true } },
      packagesPackageDownloads: { downloads: 10, start: '2025-03-09', end: '2025-03-09' },
    });
    expect(upstreamUrls(harness)).toHaveLength(3);
    expect(response.body.extensions.billing).toMatchObject({ creditsCharged: 3 });
  });

  it('answers the four MCP tools as REST does', async () => {
    const before = await balanceOf(harness);
    const pkg = await callTool(client, 'packages_package', { registry: 'crates', name: 'ferrite' });
    expect((pkg.structuredContent as Record<string, any>).data).toMatchObject({ id: 'ferrite', latestVersion: '0.4.0' });
    const versions = await callTool(client, 'packages_package_versions', { registry: 'pypi', name: 'ferrite-tools', limit: 1 });
    expect((versions.structuredContent as Record<string, any>).data.items).toHaveLength(1);
    expect((versions.structuredContent as Record<string, any>).pagination.hasMore).toBe(true);
    const downloads = await callTool(client, 'packages_package_downloads', { registry: 'npm', name: 'prism-lint', period: 'last-month' });
    expect((downloads.structuredContent as Record<string, any>).data).toMatchObject({ downloads: 1234, period: 'last-month' });
    const search = await callTool(client, 'packages_search', { registry: 'npm', query: 'prism' });
    expect((search.structuredContent as Record<string, any>).data.items).toHaveLength(3);
    const refused = await callTool(client, 'packages_search', { registry: 'pypi', query: 'prism' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^invalid_request: PyPI has no search API/);
    expect(await balanceOf(harness)).toBe(before - 4);
  });
});
