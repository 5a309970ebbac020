import { z } from 'zod';

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const nullableBoolean = z.boolean().nullable();

/** A Mastodon-compatible server, from its instance document (v2, else v1). */
export const instanceSchema = z
  .object({
    platform: z.string().describe('the API the server speaks: "mastodon"'),
    id: z.string().describe("the server's domain (v2 domain, v1 uri)"),
    title: nullableString.describe("the server's name"),
    description: nullableString.describe('the short description (v1 short_description, else description)'),
    version: nullableString.describe('the software version the server reports'),
    sourceUrl: nullableString.describe("the server software's source repository"),
    thumbnailUrl: nullableString.describe("the server's banner image"),
    languages: z.array(z.string()).describe('ISO 639 codes of the languages the server names'),
    monthlyActiveUsers: nullableNumber.describe('accounts active in the last 30 days (v2 only)'),
    userCount: nullableNumber.describe('local accounts (v1 only)'),
    statusCount: nullableNumber.describe('local statuses (v1 only)'),
    domainCount: nullableNumber.describe('servers it knows of (v1 only)'),
    registrationsOpen: nullableBoolean.describe('true when anyone may sign up'),
    approvalRequired: nullableBoolean.describe('true when sign-ups wait for a moderator'),
    contactEmail: nullableString.describe("the staff's e-mail address"),
    contactAccount: nullableString.describe("the staff account's full acct (user@domain)"),
    rules: z.array(z.string()).describe("the server's rules, as texts"),
    maxCharacters: nullableNumber.describe('the longest status the server accepts'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'Instance', description: 'A Mastodon-compatible server (fediverse instance), from its instance document.' });
export type Instance = z.infer<typeof instanceSchema>;
