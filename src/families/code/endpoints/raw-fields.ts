import { z } from 'zod';

/** The `raw` fields the code endpoints' descriptions name, typed for the published contract. */

const nullableString = z.string().nullable();

/** What an issue or pull request has beyond the unified Post: flat in raw of one, per item in raw.posts of a list. */
export const issueExtrasRaw = z.object({
  id: z.string(),
  number: z.number(),
  kind: z.enum(['issue', 'pull']),
  state: nullableString.describe('open or closed'),
  stateReason: nullableString,
  labels: z.array(z.string()),
  locked: z.boolean().nullable(),
  authorAssociation: nullableString,
  mergedAt: nullableString.describe('a merged pull request: when'),
  updatedAt: nullableString,
  closedAt: nullableString,
});

export const issuesRaw = z.object({
  posts: z.array(issueExtrasRaw).describe("each item's number, kind, state and labels, in the order of data.items"),
});

export const issueCommentsRaw = z.object({
  comments: z
    .array(z.object({ id: z.string(), url: nullableString, mentions: z.array(z.string()), authorAssociation: nullableString }))
    .describe("each comment's web URL, mentions and the author's association, in the order of data.items"),
});

export const activityRaw = z.object({
  cap: z.object({ maxEvents: z.number(), reason: z.string() }).describe("present when the feed stopped at the platform's cap"),
});

export const searchRaw = z.object({
  totalCount: z.number().nullable().describe("the platform's match count"),
  incompleteResults: z.boolean().nullable(),
});

export const trendingRaw = z.object({
  repositories: z
    .array(z.object({ rank: z.number(), builtBy: z.array(z.string()), period: nullableString }))
    .describe("each entry's rank, the accounts listed as building it and the board's wording of the period"),
});

export const trendingDevelopersRaw = z.object({
  developers: z
    .array(
      z.object({
        rank: z.number(),
        popularRepo: z.object({ fullName: z.string(), description: nullableString }).nullable(),
        worksFor: nullableString.describe('the employer line the board shows instead of a popular repository'),
      }),
    )
    .describe("each entry's rank, popular repository and employer line, in the order of data.items"),
});
