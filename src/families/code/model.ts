import { z } from 'zod';

/**
 * The unified types the code family adds: a repository and one entry of an account's public
 * activity. Declared once as zod schemas; TypeScript types, OpenAPI and GraphQL derive from them.
 * Null means "not exposed by the platform" (a trending board shows no creation date), never zero.
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const nullableBoolean = z.boolean().nullable();

export const repositorySchema = z
  .object({
    platform: z.string().describe('the platform the repository lives on, e.g. "github"'),
    id: z.string().describe("the platform's numeric repository id as a string where exposed, else owner/name"),
    fullName: z.string().describe('owner/name as the platform spells it'),
    name: z.string().describe('the repository name without its owner'),
    ownerHandle: z.string().describe("the owning account's login, without @"),
    url: z.string().describe("the repository's web page"),
    description: nullableString.describe('the one-line description; null when unset'),
    homepageUrl: nullableString.describe('the project website; null when unset'),
    language: nullableString.describe("the platform's detected main language; null when none"),
    topics: z.array(z.string()).describe('topic tags; empty when none or not exposed'),
    starCount: nullableNumber.describe('stars (GitHub: stargazers_count, which watchers_count repeats)'),
    forkCount: nullableNumber.describe('forks'),
    watcherCount: nullableNumber.describe('accounts watching for notifications (GitHub: subscribers_count)'),
    openIssueCount: nullableNumber.describe('open issues plus open pull requests, as the platform counts them'),
    license: nullableString.describe('SPDX identifier of the detected license; null when none or not recognised'),
    isFork: nullableBoolean.describe('true when the repository is a fork of another'),
    isArchived: nullableBoolean.describe('true when the owner archived it (read-only)'),
    defaultBranch: nullableString.describe('the branch shown by default'),
    starsInPeriod: nullableNumber.describe('stars gained in the trending period (trending only, else null)'),
    createdAt: nullableString.describe('ISO 8601 creation time'),
    updatedAt: nullableString.describe('ISO 8601 time the repository record last changed'),
    pushedAt: nullableString.describe('ISO 8601 time of the last push to any branch'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'Repository', description: 'A source-code repository: code user repos, repo, search and trending.' });
export type Repository = z.infer<typeof repositorySchema>;

export const activityEventSchema = z
  .object({
    platform: z.string().describe('the platform the event happened on, e.g. "github"'),
    id: z.string().describe("the platform's event id"),
    type: z.string().describe("the platform's event type, e.g. PushEvent, IssuesEvent, WatchEvent"),
    actorHandle: nullableString.describe('login of the account that acted, without @'),
    repoFullName: nullableString.describe('owner/name of the repository acted on'),
    summary: z.string().describe('one readable line, e.g. "pushed 3 commits to main"'),
    url: nullableString.describe(
      'web page of what the event touched (issue, pull request, release, compare view or repository); null when none',
    ),
    createdAt: nullableString.describe('ISO 8601 time of the event'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'ActivityEvent', description: "One entry of an account's public activity feed, newest first." });
export type ActivityEvent = z.infer<typeof activityEventSchema>;
