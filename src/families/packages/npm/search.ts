import { NPM_REGISTRY_HOST } from '../constants.js';
import type { Package } from '../model.js';
import { npmLicense } from '../normalise/license.js';
import { normaliseRepositoryUrl } from '../normalise/repository-url.js';
import { array, count, isoTime, record, text, type Json } from '../normalise/values.js';
import { keywordList } from '../normalise/versions.js';
import { withQuery } from '../upstream/fetch.js';
import { npmPageUrl } from './packument.js';

/** npm's search (`/-/v1/search?text=&size=&from=`): `objects[].package`, in served order. */

export const npmSearchUrl = (query: string, size: number, from: number): string =>
  withQuery(`https://${NPM_REGISTRY_HOST}/-/v1/search`, { text: query, size, from: from === 0 ? undefined : from });

/** One search object's package; null when it names none. What an item lacks is null. */
export function npmSearchItem(object: unknown, fetchedAt: string): Package | null {
  const item = record(record(object)?.package);
  const name = text(item?.name);
  if (item === null || name === null) return null;
  const links = record(item.links) ?? {};
  return {
    platform: 'npm',
    id: name,
    name,
    url: npmPageUrl(name),
    description: text(item.description),
    latestVersion: text(item.version),
    license: npmLicense(item.license, undefined),
    homepageUrl: text(links.homepage),
    repositoryUrl: normaliseRepositoryUrl(links.repository),
    keywords: keywordList(item.keywords),
    maintainerHandles: [
      ...new Set(
        array(item.maintainers)
          .map((each) => text(record(each)?.username))
          .filter((each) => each !== null),
      ),
    ],
    versionCount: null,
    createdAt: null,
    updatedAt: isoTime(item.date),
    isDeprecated: null,
    fetchedAt,
  };
}

export function npmSearchPage(body: Json, fetchedAt: string): { items: Package[]; total: number | null } {
  const items = array(body.objects)
    .map((each) => npmSearchItem(each, fetchedAt))
    .filter((each) => each !== null);
  return { items, total: count(body.total) };
}
