import { z } from 'zod';
import { accountStubSchema, lenient, numericId, optionalCount, optionalString } from './lenient.js';

const reactionsSchema = lenient(z.looseObject({ total_count: optionalCount, '+1': optionalCount }));

/**
 * An issue or pull request as the issue endpoints send it: a pull request carries a
 * `pull_request` object. The 2016 field set has no author_association, reactions or state_reason.
 */
export const issueBodySchema = z.looseObject({
  id: numericId,
  number: z.number().int().positive(),
  title: optionalString,
  body: optionalString,
  state: optionalString,
  state_reason: optionalString,
  html_url: optionalString,
  user: lenient(accountStubSchema),
  labels: lenient(z.array(z.union([z.string(), z.looseObject({ name: optionalString })]))),
  comments: optionalCount,
  pull_request: lenient(z.looseObject({ html_url: optionalString, merged_at: optionalString })),
  reactions: reactionsSchema,
  locked: lenient(z.boolean()),
  author_association: optionalString,
  created_at: optionalString,
  updated_at: optionalString,
  closed_at: optionalString,
});
export type IssueBody = z.infer<typeof issueBodySchema>;

/** One comment of GET /repos/{owner}/{name}/issues/{number}/comments. */
export const issueCommentSchema = z.looseObject({
  id: numericId,
  body: optionalString,
  html_url: optionalString,
  user: lenient(accountStubSchema),
  reactions: reactionsSchema,
  author_association: optionalString,
  created_at: optionalString,
  updated_at: optionalString,
});
export type IssueComment = z.infer<typeof issueCommentSchema>;
