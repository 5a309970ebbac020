import type { JsonSelection } from '../../../upstream/json-pick.js';
import { NPM_REGISTRY_HOST, NPM_WEB_HOST } from '../constants.js';
import type { Package, PackageVersion } from '../model.js';
import { npmLicense } from '../normalise/license.js';
import { normaliseRepositoryUrl } from '../normalise/repository-url.js';
import { array, isoTime, record, text, type Json } from '../normalise/values.js';
import { keywordList, newestFirst } from '../normalise/versions.js';

/**
 * npm's packument: the full document of a package (`GET /{name}`, a scoped name with its slash
 * encoded). Only the fields mapped here are kept while it streams in; never the readmes, nor the
 * manifests of the versions beyond their deprecation and licence.
 */
export const PACKUMENT_SELECTION: JsonSelection = {
  name: true,
  description: true,
  'dist-tags': true,
  time: true,
  license: true,
  licenses: true,
  homepage: true,
  repository: true,
  keywords: true,
  maintainers: { '*': { name: true } },
  versions: { '*': { deprecated: true, license: true, licenses: true } },
};

export const packumentUrl = (name: string): string => `https://${NPM_REGISTRY_HOST}/${name.replace('/', '%2F')}`;

/** The package's page; a scoped name keeps its `@` and slash. */
export const npmPageUrl = (name: string): string => `https://${NPM_WEB_HOST}/package/${name}`;

export function npmPackage(doc: Json, requested: string, fetchedAt: string): Package {
  const name = text(doc.name) ?? requested;
  const latestVersion = text(record(doc['dist-tags'])?.latest);
  const versions = record(doc.versions) ?? {};
  const time = record(doc.time) ?? {};
  const latest = latestVersion === null ? null : record(versions[latestVersion]);
  const repository = doc.repository;
  return {
    platform: 'npm',
    id: name,
    name,
    url: npmPageUrl(name),
    description: text(doc.description),
    latestVersion,
    license: npmLicense(doc.license, doc.licenses) ?? (latest ? npmLicense(latest.license, latest.licenses) : null),
    homepageUrl: text(doc.homepage),
    repositoryUrl: normaliseRepositoryUrl(typeof repository === 'string' ? repository : record(repository)?.url),
    keywords: keywordList(doc.keywords),
    maintainerHandles: [
      ...new Set(
        array(doc.maintainers)
          .map((each) => text(record(each)?.name) ?? text(each))
          .filter((each) => each !== null),
      ),
    ],
    versionCount: Object.keys(versions).length,
    createdAt: isoTime(time.created),
    updatedAt: isoTime(time.modified),
    isDeprecated: latest === null ? null : text(latest.deprecated) !== null,
    fetchedAt,
  };
}

/**
 * Every published version. A version only in `time` was unpublished and is not listed; a
 * deprecation is a message (a non-empty string), never a boolean.
 */
export function npmVersions(doc: Json, requested: string, fetchedAt: string): PackageVersion[] {
  const name = text(doc.name) ?? requested;
  const time = record(doc.time) ?? {};
  const versions = record(doc.versions) ?? {};
  return newestFirst(
    Object.entries(versions).map(([version, body]) => {
      const manifest = record(body) ?? {};
      return {
        platform: 'npm',
        id: `${name}@${version}`,
        packageName: name,
        version,
        publishedAt: isoTime(time[version]),
        isYanked: null,
        isDeprecated: text(manifest.deprecated) !== null,
        license: npmLicense(manifest.license, manifest.licenses),
        fetchedAt,
      };
    }),
  );
}
