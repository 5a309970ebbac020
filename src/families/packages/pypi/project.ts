import type { JsonSelection } from '../../../upstream/json-pick.js';
import { PYPI_HOST } from '../constants.js';
import { pep503 } from '../input/identity.js';
import type { Package, PackageVersion } from '../model.js';
import { pypiLicense } from '../normalise/license.js';
import { codeHostRepository, normaliseRepositoryUrl } from '../normalise/repository-url.js';
import { array, isoTime, record, text, type Json } from '../normalise/values.js';
import { keywordList, newestFirst } from '../normalise/versions.js';

/**
 * PyPI's project document (`/pypi/{name}/json`). Kept while it streams in: the `info` fields
 * mapped here and, of each release's files, the upload time and the yanked flag (never the long
 * description, digests or file lists).
 */
export const PROJECT_SELECTION: JsonSelection = {
  info: {
    name: true,
    version: true,
    summary: true,
    license: true,
    license_expression: true,
    home_page: true,
    project_urls: true,
    keywords: true,
  },
  ownership: { roles: { '*': { user: true } } },
  releases: { '*': { '*': { upload_time: true, upload_time_iso_8601: true, yanked: true } } },
};

/** The project's JSON; the name is PEP 503-normalised first, so PyPI's redirect to its own spelling is rarely needed. */
export const projectUrl = (name: string): string => `https://${PYPI_HOST}/pypi/${name}/json`;

export const pypiPageUrl = (name: string): string => `https://${PYPI_HOST}/project/${name}/`;

/** The project_urls entries that name the source, in the order they are preferred (compared in lower case). */
const SOURCE_LABELS = ['source', 'source code', 'repository', 'code'];

interface Release {
  version: string;
  publishedAt: string | null;
  lastUploadAt: string | null;
  isYanked: boolean | null;
}

function releasesOf(doc: Json): Release[] {
  return Object.entries(record(doc.releases) ?? {}).map(([version, files]) => {
    const list = array(files).map((file) => record(file) ?? {});
    // The 2019 field set has only the zoneless upload_time, which is UTC.
    const times = list
      .map((file) => isoTime(file.upload_time_iso_8601) ?? isoTime(file.upload_time))
      .filter((each) => each !== null)
      .sort();
    const yanked = list.map((file) => file.yanked);
    return {
      version,
      publishedAt: times[0] ?? null,
      lastUploadAt: times.at(-1) ?? null,
      // Older answers carry no yanked flag: not exposed. A release without files is not yanked.
      isYanked: yanked.length === 0 ? false : yanked.every((each) => typeof each === 'boolean') ? yanked.every(Boolean) : null,
    };
  });
}

function projectUrlsOf(info: Json): Map<string, string> {
  const urls = new Map<string, string>();
  for (const [label, url] of Object.entries(record(info.project_urls) ?? {})) {
    const value = text(url);
    if (value !== null && !urls.has(label.trim().toLowerCase())) urls.set(label.trim().toLowerCase(), value);
  }
  return urls;
}

export function pypiPackage(doc: Json, requested: string, fetchedAt: string): Package {
  const info = record(doc.info) ?? {};
  const name = text(info.name) ?? requested;
  const id = pep503(name);
  const urls = projectUrlsOf(info);
  const homepageUrl = text(info.home_page) ?? urls.get('homepage') ?? null;
  const source = SOURCE_LABELS.map((label) => urls.get(label)).find((each) => each !== undefined);
  const releases = releasesOf(doc);
  const published = releases
    .map((each) => each.publishedAt)
    .filter((each) => each !== null)
    .sort();
  const uploaded = releases
    .map((each) => each.lastUploadAt)
    .filter((each) => each !== null)
    .sort();
  const roles = array(record(doc.ownership)?.roles);
  return {
    platform: 'pypi',
    id,
    name,
    url: pypiPageUrl(id),
    description: text(info.summary),
    latestVersion: text(info.version),
    license: pypiLicense(info.license_expression, info.license),
    homepageUrl,
    repositoryUrl: (source === undefined ? null : normaliseRepositoryUrl(source)) ?? codeHostRepository(homepageUrl),
    keywords: keywordList(info.keywords),
    maintainerHandles: [...new Set(roles.map((role) => text(record(role)?.user)).filter((each) => each !== null))],
    versionCount: releases.length,
    createdAt: published[0] ?? null,
    updatedAt: uploaded.at(-1) ?? null,
    isDeprecated: null,
    fetchedAt,
  };
}

/** Every release, files or not; the licence is known only for the current version. */
export function pypiVersions(doc: Json, requested: string, fetchedAt: string): PackageVersion[] {
  const info = record(doc.info) ?? {};
  const name = text(info.name) ?? requested;
  const current = text(info.version);
  const license = pypiLicense(info.license_expression, info.license);
  return newestFirst(
    releasesOf(doc).map((release) => ({
      platform: 'pypi',
      id: `${name}@${release.version}`,
      packageName: name,
      version: release.version,
      publishedAt: release.publishedAt,
      isYanked: release.isYanked,
      isDeprecated: null,
      license: release.version === current ? license : null,
      fetchedAt,
    })),
  );
}
