import { z } from 'zod';
import { accountStubSchema, lenient, numericId, optionalBoolean, optionalCount, optionalString } from './lenient.js';

/**
 * A repository as GET /repos/{owner}/{name}, the repository lists and search send it. The
 * oldest answers lack topics, license, archived and subscribers_count; lists never carry
 * subscribers_count. `watchers_count` repeats the star count and is not read.
 */
export const repositoryBodySchema = z.looseObject({
  id: numericId,
  name: z.string(),
  full_name: z.string(),
  owner: lenient(accountStubSchema),
  html_url: optionalString,
  description: optionalString,
  homepage: optionalString,
  language: optionalString,
  topics: lenient(z.array(z.string())),
  stargazers_count: optionalCount,
  forks_count: optionalCount,
  subscribers_count: optionalCount,
  open_issues_count: optionalCount,
  license: lenient(z.looseObject({ spdx_id: optionalString, key: optionalString, name: optionalString })),
  fork: optionalBoolean,
  archived: optionalBoolean,
  default_branch: optionalString,
  created_at: optionalString,
  updated_at: optionalString,
  pushed_at: optionalString,
});
export type RepositoryBody = z.infer<typeof repositoryBodySchema>;

export const repositoryListSchema = z.array(z.unknown());

/** GET /search/repositories. */
export const repositorySearchSchema = z.looseObject({
  total_count: optionalCount,
  incomplete_results: optionalBoolean,
  items: z.array(z.unknown()),
});
