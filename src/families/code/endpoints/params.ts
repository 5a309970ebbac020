import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { parseIssue, parseLogin, parseRepo, issueKey, repoKey } from '../input/refs.js';
import { pageOf } from '../upstream/paging.js';

/** Parameter pieces shared by the code endpoints (REST spelling), and their canonical forms. */

export const username = z.string().min(1).max(2048).describe('login, @login, or profile URL (https://github.com/login)');
export const repo = z
  .string()
  .min(1)
  .max(2048)
  .describe('owner/name, or a repository URL (with or without .git, any /tree/... or /issues tail)');
export const issueUrl = z
  .string()
  .min(1)
  .max(2048)
  .describe('issue or pull-request URL (https://github.com/owner/name/issues/1, .../pull/2), or owner/name#number');
export const pageLimit = countParam('items per page', { default: 30, max: 100 });
export const cursor = cursorParam(64, 'pagination.cursor of a previous response (pass the same limit with it)');

/** Trending language slug as the site spells it in its paths: python, c++, c#, jupyter-notebook. */
const LANGUAGE = /^[a-z0-9+#._-]{1,40}$/;
export const trendingLanguage = z
  .string()
  .min(1)
  .max(60)
  .optional()
  .describe('programming language as the site names it, e.g. python, typescript, c++ (all languages when absent)');
export const since = z.enum(['daily', 'weekly', 'monthly']).default('daily').describe('trending period: daily, weekly or monthly');

/** A language name or slug in the site's spelling (lower case, spaces as hyphens). */
export function languageSlug(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const slug = value.trim().toLowerCase().replace(/\s+/g, '-');
  if (!LANGUAGE.test(slug)) throw invalidParam('language', 'language: letters, digits and + # . _ - only, e.g. python or c++.');
  return slug;
}

/** Checks a cursor against the page size before any credit is held. */
function checkedCursor(params: { cursor?: string | undefined; limit: number }): void {
  pageOf(params.cursor, params.limit);
}

export function canonicalUser<T extends { username: string }>(params: T): T {
  return { ...params, username: parseLogin(params.username, 'username') };
}

export function canonicalUserPage<T extends { username: string; cursor?: string | undefined; limit: number }>(params: T): T {
  checkedCursor(params);
  return canonicalUser(params);
}

export function canonicalRepo<T extends { repo: string }>(params: T): T {
  return { ...params, repo: repoKey(parseRepo(params.repo, 'repo')) };
}

export function canonicalRepoPage<T extends { repo: string; cursor?: string | undefined; limit: number }>(params: T): T {
  checkedCursor(params);
  return canonicalRepo(params);
}

export function canonicalIssue<T extends { url: string }>(params: T): T {
  return { ...params, url: issueKey(parseIssue(params.url, 'url')) };
}

export function canonicalIssuePage<T extends { url: string; cursor?: string | undefined; limit: number }>(params: T): T {
  checkedCursor(params);
  return canonicalIssue(params);
}

export function canonicalSearchPage<T extends { query: string; cursor?: string | undefined; limit: number }>(params: T): T {
  checkedCursor(params);
  const query = params.query.trim().replace(/\s+/g, ' ');
  if (query === '') throw invalidParam('query', 'query must not be blank.');
  return { ...params, query };
}
