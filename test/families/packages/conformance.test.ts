import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NPM_DOWNLOADS_HOST, NPM_REGISTRY_HOST, NPM_WEB_HOST } from '../../../src/families/packages/constants.js';
import { packagesPackageDownloadsEndpoint } from '../../../src/families/packages/endpoints/downloads.js';
import { packagesPackageEndpoint } from '../../../src/families/packages/endpoints/package.js';
import { packagesSearchEndpoint } from '../../../src/families/packages/endpoints/search.js';
import { packagesPackageVersionsEndpoint } from '../../../src/families/packages/endpoints/versions.js';
import type { DownloadCount, Package, PackageVersion } from '../../../src/families/packages/model.js';
import { asList, asSingle, registryStub, runEndpoint, type Reply } from './support.js';

/**
 * The packages family against the recorded registry answers (shared upstream samples, read from
 * disk, never replayed against a registry): each sample served at its manifest URL with its
 * recorded status, and the values the manifest names come out.
 */

const samplesDir = process.env.UPSTREAM_SAMPLES_DIR;

interface ManifestEntry {
  file: string;
  request: { url: string };
  response: { status: number; contentType: string };
}

const read = (file: string): string => readFileSync(`${samplesDir}/packages/${file}`, 'utf8');
const manifest = (): ManifestEntry[] => JSON.parse(read('manifest.json')) as ManifestEntry[];

/** Serves every sample at its recorded URL (path and query), with its recorded status. */
function samples(extra: (url: URL) => Reply | undefined = () => undefined) {
  const byUrl = new Map(manifest().map((entry) => [entry.request.url, entry]));
  return registryStub((url) => {
    const entry = byUrl.get(url.href);
    if (entry) return { status: entry.response.status, headers: { 'content-type': entry.response.contentType }, body: read(entry.file) };
    return extra(url);
  });
}

const pkg = async (input: Record<string, unknown>, upstream = samples()) =>
  asSingle(await runEndpoint(packagesPackageEndpoint, input, upstream)).data as Package;
const versions = async (input: Record<string, unknown>, upstream = samples()) =>
  asList(await runEndpoint(packagesPackageVersionsEndpoint, { limit: 100, ...input }, upstream)).items as PackageVersion[];

/** Every version of a package, following the cursor. */
async function allVersions(input: Record<string, unknown>): Promise<PackageVersion[]> {
  const items: PackageVersion[] = [];
  let cursor: string | undefined;
  do {
    const page = asList(await runEndpoint(packagesPackageVersionsEndpoint, { limit: 100, ...input, cursor }, samples()));
    items.push(...(page.items as PackageVersion[]));
    cursor = page.pagination.cursor ?? undefined;
  } while (cursor);
  return items;
}

describe.skipIf(!samplesDir)('packages conformance with recorded registry samples', () => {
  it('covers every sample of the manifest', () => {
    expect(
      manifest()
        .map((entry) => entry.file)
        .sort(),
    ).toEqual([
      'crates_crate_es-entity_2025.json',
      'crates_crate_regex_2018.json',
      'crates_err_404_not_found_2018.json',
      'npm_downloads_range_cross-spawn_2016.json',
      'npm_packument_cross-spawn_2016.json',
      'npm_packument_is-stream_2022.json',
      'npm_packument_jquery_2022.json',
      'npm_packument_lodash_2024.json',
      'npm_packument_opentelemetry_api_2022.json',
      'pypi_project_celery_2019.json',
      'pypi_project_luigi_2025.json',
      'synthetic_crates_downloads_regex.json',
      'synthetic_crates_search_rust.json',
      'synthetic_npm_search_javascript.json',
    ]);
  });

  it('lodash (2024): latest tag, legacy licence arrays on early versions, normalised repository', async () => {
    const lodash = await pkg({ registry: 'npm', name: 'lodash' });
    expect(lodash).toMatchObject({
      platform: 'npm',
      id: 'lodash',
      url: `https://${NPM_WEB_HOST}/package/lodash`,
      latestVersion: '4.17.21',
      versionCount: 114,
      createdAt: '2012-04-23T16:37:11.912Z',
      updatedAt: '2024-08-04T11:01:16.005Z',
      license: 'MIT',
      repositoryUrl: 'https://github.com/lodash/lodash',
      homepageUrl: 'https://lodash.com/',
      keywords: ['modules', 'stdlib', 'util'],
      maintainerHandles: ['mathias', 'jdalton', 'bnjmnt4n'],
      isDeprecated: false,
    });
    const all = await allVersions({ registry: 'npm', name: 'lodash' });
    expect(all).toHaveLength(114);
    expect(all[0]!.version).toBe('4.17.21');
    expect(all.find((each) => each.version === '0.1.0')).toMatchObject({ license: 'MIT', isDeprecated: false, isYanked: null });
    expect(all.some((each) => each.isDeprecated)).toBe(false);
  });

  it('is-stream (2022): the smallest packument, newest first', async () => {
    const isStream = await pkg({ url: `https://${NPM_WEB_HOST}/package/is-stream` });
    expect(isStream).toMatchObject({
      latestVersion: '3.0.0',
      versionCount: 6,
      createdAt: '2015-01-18T18:59:27.432Z',
      license: 'MIT',
      repositoryUrl: 'https://github.com/sindresorhus/is-stream',
      maintainerHandles: ['sindresorhus'],
    });
    expect(isStream.keywords).toHaveLength(10);
    expect((await versions({ registry: 'npm', name: 'is-stream' })).map((each) => each.version).slice(0, 3)).toEqual([
      '3.0.0',
      '2.0.1',
      '2.0.0',
    ]);
  });

  it('jquery (2022): the unpublished version is not listed, seven deprecated versions', async () => {
    const all = await allVersions({ registry: 'npm', name: 'jquery' });
    expect(all).toHaveLength(53);
    expect(all.map((each) => each.version)).not.toContain('1.11.0-pre');
    expect(
      all
        .filter((each) => each.isDeprecated)
        .map((each) => each.version)
        .sort(),
    ).toEqual(['1.5.1', '1.6.2', '1.6.3', '1.7.2', '1.7.3', '1.8.2', '1.8.3']);
    expect(await pkg({ registry: 'npm', name: 'jquery' })).toMatchObject({
      latestVersion: '3.6.0',
      versionCount: 53,
      homepageUrl: 'https://jquery.com',
      isDeprecated: false,
    });
  });

  it('cross-spawn (2016): the git:// repository form', async () => {
    expect(await pkg({ registry: 'npm', name: 'cross-spawn' })).toMatchObject({
      latestVersion: '2.2.3',
      versionCount: 37,
      repositoryUrl: 'https://github.com/IndigoUnited/node-cross-spawn',
      maintainerHandles: ['satazor'],
    });
    expect((await pkg({ registry: 'npm', name: 'cross-spawn' })).keywords).toHaveLength(13);
  });

  it('@opentelemetry/api (2022): the scoped path, and the newest version is not the latest tag', async () => {
    const upstream = samples();
    const api = await pkg({ registry: 'npm', name: '@opentelemetry/api' }, upstream);
    expect(upstream.calls[0]!.url).toBe(`https://${NPM_REGISTRY_HOST}/@opentelemetry%2Fapi`);
    expect(api).toMatchObject({ id: '@opentelemetry/api', latestVersion: '1.0.4', versionCount: 54, license: 'Apache-2.0' });
    expect(api.url.endsWith('/package/@opentelemetry/api')).toBe(true);
    const all = await allVersions({ url: `${api.url}/v/1.0.4` });
    expect(all[0]).toMatchObject({ version: '1.1.0', publishedAt: expect.stringMatching(/^2022-01-27/) });
    expect(all).toHaveLength(54);
    expect(
      all
        .filter((each) => each.isDeprecated)
        .map((each) => each.version)
        .sort(),
    ).toEqual(['1.0.0-rc.1', '1.0.0-rc.2']);
  });

  it('cross-spawn downloads (2016): point answers derived from the recorded range', async () => {
    const range = JSON.parse(read('npm_downloads_range_cross-spawn_2016.json')) as {
      downloads: { day: string; downloads: number }[];
      package: string;
    };
    const point = (url: URL): Reply | undefined => {
      const match = /^\/downloads\/point\/(last-day|last-week|last-month)\/cross-spawn$/.exec(url.pathname);
      if (url.hostname !== NPM_DOWNLOADS_HOST || !match) return undefined;
      const days = { 'last-day': 1, 'last-week': 7, 'last-month': 30 }[match[1] as 'last-day'];
      const rows = range.downloads.slice(-days);
      return {
        body: {
          downloads: rows.reduce((sum, row) => sum + row.downloads, 0),
          start: rows[0]!.day,
          end: rows.at(-1)!.day,
          package: range.package,
        },
      };
    };
    const expected = {
      'last-day': [14211, '2016-05-08'],
      'last-week': [243516, '2016-05-02'],
      'last-month': [1616191, '2016-04-09'],
    } as const;
    for (const [period, [downloads, start]] of Object.entries(expected)) {
      const count = asSingle(
        await runEndpoint(packagesPackageDownloadsEndpoint, { registry: 'npm', name: 'cross-spawn', period }, samples(point)),
      ).data as DownloadCount;
      expect(count).toMatchObject({ platform: 'npm', packageName: 'cross-spawn', period, downloads, start, end: '2016-05-08' });
    }
  });

  it('npm search (synthetic): the five objects in served order, maintainers by username', async () => {
    const page = asList(await runEndpoint(packagesSearchEndpoint, { registry: 'npm', query: 'javascript' }, samples()));
    const items = page.items as Package[];
    expect(items.map((each) => each.name)).toHaveLength(5);
    expect(items[0]).toMatchObject({
      name: 'jquery',
      latestVersion: '3.6.0',
      license: 'MIT',
      homepageUrl: 'https://jquery.com',
      repositoryUrl: 'https://github.com/jquery/jquery',
      maintainerHandles: ['dmethvin', 'timmywil', 'mgol', 'openjsfoundation'],
      updatedAt: '2021-03-02T17:12:11.948Z',
      versionCount: null,
    });
    expect(JSON.stringify(items)).not.toMatch(/@[a-z0-9.-]+\.[a-z]{2,}/i);
    expect(page.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('luigi (2025): releases without files last, microsecond upload times, homepage as repository', async () => {
    const luigi = await pkg({ url: 'https://pypi.org/project/luigi/3.6.0/' });
    expect(luigi).toMatchObject({
      platform: 'pypi',
      id: 'luigi',
      url: 'https://pypi.org/project/luigi/',
      latestVersion: '3.6.0',
      versionCount: 84,
      createdAt: '2012-10-21T18:51:38.209973Z',
      license: 'Apache License 2.0',
      homepageUrl: 'https://github.com/spotify/luigi',
      repositoryUrl: 'https://github.com/spotify/luigi',
      keywords: [],
      description: 'Workflow mgmgt + task scheduling + dependency resolution.',
      isDeprecated: null,
    });
    const all = await allVersions({ registry: 'pypi', name: 'Luigi' });
    expect(all).toHaveLength(84);
    expect(all.slice(0, 3).map((each) => each.version)).toEqual(['3.6.0', '3.5.2', '3.5.1']);
    expect(all.slice(-2).map((each) => [each.version, each.publishedAt])).toEqual(
      expect.arrayContaining([
        ['1.0.21', null],
        ['1.0.8', null],
      ]),
    );
    expect(all[0]).toMatchObject({ license: 'Apache License 2.0', isYanked: false });
    expect(all[1]!.license).toBeNull();
  });

  it('celery (2019): the older field set, space-separated keywords, no code-host homepage', async () => {
    expect(await pkg({ registry: 'pypi', name: 'celery' })).toMatchObject({
      latestVersion: '4.4.0',
      versionCount: 150,
      license: 'BSD',
      homepageUrl: 'http://celeryproject.org',
      repositoryUrl: null,
      keywords: ['task', 'job', 'queue', 'distributed', 'messaging', 'actor'],
      maintainerHandles: [],
    });
    const newest = await versions({ registry: 'pypi', name: 'celery', limit: 3 });
    expect(newest.map((each) => each.version)).toEqual(['4.4.0', '4.4.0rc5', '4.4.0rc4']);
    expect(newest[0]!.publishedAt).toMatch(/Z$/);
  });

  it('es-entity (2025): nulls written as {} read as absent', async () => {
    const crate = await pkg({ url: 'https://crates.io/crates/es-entity' }, samples());
    expect(crate).toMatchObject({
      platform: 'crates',
      id: 'es-entity',
      latestVersion: '0.3.23',
      versionCount: 24,
      license: 'Apache-2.0',
      homepageUrl: null,
      repositoryUrl: 'https://github.com/GaloyMoney/cala',
      description: 'Event Sourcing Entity Framework',
      keywords: [],
      maintainerHandles: ['bodymindarts'],
    });
  });

  it('regex (2018): legacy slash licence, +00:00 times, three yanked versions', async () => {
    const upstream = samples();
    const regex = await pkg({ registry: 'crates', name: 'regex' }, upstream);
    expect(upstream.calls[0]!.headers!['user-agent']).toMatch(/public-data-gateway.*\+https:/);
    expect(regex).toMatchObject({
      latestVersion: '1.0.0',
      versionCount: 92,
      license: 'MIT OR Apache-2.0',
      createdAt: '2014-12-13T22:10:11.303311Z',
      description: expect.stringMatching(/^An implementation of regular expressions for Rust\. .*inputs\.$/s),
    });
    // The versions pages are served from the crate document's own `versions` (no recording of that endpoint exists).
    const crate = JSON.parse(read('crates_crate_regex_2018.json')) as { versions: unknown[] };
    const pages = samples((url) =>
      url.pathname === '/api/v1/crates/regex/versions'
        ? { body: { versions: crate.versions, meta: { total: 92, next_page: null } } }
        : undefined,
    );
    const all = await versions({ registry: 'crates', name: 'regex' }, pages);
    expect(all).toHaveLength(92);
    expect(all[0]).toMatchObject({ id: 'regex@1.0.0', license: 'MIT OR Apache-2.0', isDeprecated: null, isYanked: false });
    expect(all.filter((each) => each.isYanked).map((each) => each.version)).toEqual(['0.1.66', '0.1.57', '0.1.31']);
  });

  it('a missing crate (2018 404) is an empty result', async () => {
    const result = asSingle(await runEndpoint(packagesPackageEndpoint, { registry: 'crates', name: 'no-such-crate' }, samples()));
    expect(result).toMatchObject({ data: null, emptyReason: 'not_found' });
  });

  it('crates search (synthetic): three crates, no next page', async () => {
    const page = asList(await runEndpoint(packagesSearchEndpoint, { registry: 'crates', query: 'rust', limit: 10 }, samples()));
    expect((page.items as Package[]).map((each) => each.id)).toEqual(['regex', 'time', 'es-entity']);
    expect(page.pagination).toEqual({ cursor: null, hasMore: false });
  });

  it('regex downloads (synthetic): periods end on the latest day of the answer', async () => {
    const body = JSON.parse(read('synthetic_crates_downloads_regex.json')) as {
      version_downloads: { date: string; downloads: number }[];
      meta: { extra_downloads: { date: string; downloads: number }[] };
    };
    const rows = [...body.version_downloads, ...body.meta.extra_downloads];
    expect(rows.reduce((sum, row) => sum + row.downloads, 0)).toBe(740256);
    const sumFrom = (start: string) => rows.filter((row) => row.date >= start).reduce((sum, row) => sum + row.downloads, 0);
    for (const [period, start] of [
      ['last-day', '2018-06-11'],
      ['last-week', '2018-06-05'],
      ['last-month', '2018-05-13'],
    ] as const) {
      const count = asSingle(
        await runEndpoint(packagesPackageDownloadsEndpoint, { registry: 'crates', name: 'regex', period }, samples()),
      ).data;
      expect(count).toMatchObject({ platform: 'crates', period, start, end: '2018-06-11', downloads: sumFrom(start) });
    }
  });
});
