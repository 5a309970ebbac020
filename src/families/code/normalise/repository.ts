import { CODE_PLATFORM, WEB_ORIGIN } from '../constants.js';
import type { Repository } from '../model.js';
import type { RepositoryBody } from '../schemas/repository.js';
import { httpUrlOrNull, textOrNull, timeOrNull } from './values.js';

/** SPDX's "no assertion" is the platform saying it could not name the license. */
const UNNAMED_LICENSES: ReadonlySet<string> = new Set(['NOASSERTION', '']);

/**
 * A repository answer as a Repository. watcherCount is subscribers_count (watchers_count
 * repeats the stars), which only the single-repository answer carries: null in lists.
 */
export function repositoryFromApi(body: RepositoryBody, fetchedAt: string): Repository {
  const [ownerFromName = '', nameFromFull = body.name] = body.full_name.split('/');
  const spdx = body.license?.spdx_id ?? null;
  return {
    platform: CODE_PLATFORM,
    id: body.id,
    fullName: body.full_name,
    name: nameFromFull,
    ownerHandle: body.owner?.login ?? ownerFromName,
    url: textOrNull(body.html_url) ?? `${WEB_ORIGIN}/${body.full_name}`,
    description: textOrNull(body.description),
    homepageUrl: httpUrlOrNull(body.homepage),
    language: textOrNull(body.language),
    topics: body.topics ?? [],
    starCount: body.stargazers_count ?? null,
    forkCount: body.forks_count ?? null,
    watcherCount: body.subscribers_count ?? null,
    openIssueCount: body.open_issues_count ?? null,
    license: spdx === null || UNNAMED_LICENSES.has(spdx) ? null : spdx,
    isFork: body.fork ?? null,
    isArchived: body.archived ?? null,
    defaultBranch: textOrNull(body.default_branch),
    starsInPeriod: null,
    createdAt: timeOrNull(body.created_at),
    updatedAt: timeOrNull(body.updated_at),
    pushedAt: timeOrNull(body.pushed_at),
    fetchedAt,
  };
}
