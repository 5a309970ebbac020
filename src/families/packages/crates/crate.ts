import type { JsonSelection } from '../../../upstream/json-pick.js';
import { CRATES_HOST } from '../constants.js';
import type { Package, PackageVersion } from '../model.js';
import { cratesLicense } from '../normalise/license.js';
import { normaliseRepositoryUrl } from '../normalise/repository-url.js';
import { count, isoTime, record, text, type Json } from '../normalise/values.js';
import { keywordList, newestFirst } from '../normalise/versions.js';

/**
 * crates.io's crate document (`/api/v1/crates/{name}`: `crate`, `versions` newest first,
 * `keywords`, `categories`) and its version pages. 2018 answers lack `default_version`,
 * `num_versions` and `published_by`; es-entity's recording writes null as `{}`.
 */

const VERSION_FIELDS: JsonSelection = { num: true, created_at: true, yanked: true, license: true, published_by: { login: true } };

export const CRATE_SELECTION: JsonSelection = { crate: true, versions: { '*': VERSION_FIELDS } };
export const VERSIONS_SELECTION: JsonSelection = { versions: { '*': VERSION_FIELDS }, meta: true };

export const API_ORIGIN = `https://${CRATES_HOST}/api/v1`;
export const crateUrl = (name: string): string => `${API_ORIGIN}/crates/${name}`;
export const cratesPageUrl = (name: string): string => `https://${CRATES_HOST}/crates/${name}`;

/** The version installed by default: `default_version`, else the newest stable, else the newest. */
function latestOf(crate: Json): string | null {
  return text(crate.default_version) ?? text(crate.max_stable_version) ?? text(crate.max_version);
}

/** A Package from a crate object (the crate document's `crate`, or a search item) and whatever versions came with it. */
export function cratesPackage(crate: Json, versions: unknown[], fetchedAt: string): Package | null {
  const id = text(crate.id) ?? text(crate.name);
  if (id === null) return null;
  const name = text(crate.name) ?? id;
  const latestVersion = latestOf(crate);
  const bodies = versions.map((each) => record(each) ?? {});
  const latest = bodies.find((each) => text(each.num) === latestVersion) ?? bodies[0];
  const publishedAt = (body: Json) => isoTime(body.created_at) ?? '';
  const byNewest = [...bodies].sort((a, b) => (publishedAt(a) < publishedAt(b) ? 1 : publishedAt(a) > publishedAt(b) ? -1 : 0));
  return {
    platform: 'crates',
    id,
    name,
    url: cratesPageUrl(name),
    description: text(crate.description),
    latestVersion,
    license: cratesLicense(latest?.license ?? crate.license),
    homepageUrl: text(crate.homepage),
    repositoryUrl: normaliseRepositoryUrl(crate.repository),
    keywords: keywordList(crate.keywords),
    maintainerHandles: [...new Set(byNewest.map((each) => text(record(each.published_by)?.login)).filter((each) => each !== null))],
    versionCount:
      count(crate.num_versions) ?? (Array.isArray(crate.versions) ? crate.versions.length : versions.length === 0 ? null : versions.length),
    createdAt: isoTime(crate.created_at),
    updatedAt: isoTime(crate.updated_at),
    isDeprecated: null,
    fetchedAt,
  };
}

export function cratesVersions(versions: unknown[], name: string, fetchedAt: string): PackageVersion[] {
  return newestFirst(
    versions.flatMap((each) => {
      const body = record(each);
      const version = text(body?.num);
      if (body === null || version === null) return [];
      return [
        {
          platform: 'crates',
          id: `${name}@${version}`,
          packageName: name,
          version,
          publishedAt: isoTime(body.created_at),
          isYanked: typeof body.yanked === 'boolean' ? body.yanked : null,
          isDeprecated: null,
          license: cratesLicense(body.license),
          fetchedAt,
        },
      ];
    }),
  );
}

export function crateOf(doc: Json): Json | null {
  return record(doc.crate);
}
