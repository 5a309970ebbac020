import { z } from 'zod';

/**
 * The unified types of the packages family: a package, one of its versions, and a download
 * count over a period. Declared once as zod schemas; TypeScript types, OpenAPI and GraphQL derive
 * from them. Null means the registry does not expose the field for this package; arrays are
 * never null.
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const nullableBoolean = z.boolean().nullable();

export const packageSchema = z
  .object({
    platform: z.string().describe('the registry: "npm", "pypi" or "crates"'),
    id: z.string().describe("the registry's identity of the package: the npm name, PyPI's normalised (PEP 503) name, the crate id"),
    name: z.string().describe('the name as the registry spells it'),
    url: z.string().describe("the package's page on the registry's web site"),
    description: nullableString.describe('the one-line summary, trimmed; null when unset'),
    latestVersion: nullableString.describe(
      "the version the registry installs by default (npm's latest tag, PyPI's current version, crates' default version)",
    ),
    license: nullableString.describe('the licence, as an SPDX expression where the registry gives one (legacy forms joined with OR)'),
    homepageUrl: nullableString.describe('the project website; null when unset'),
    repositoryUrl: nullableString.describe('the source repository as https://HOST/OWNER/NAME; null when none is named'),
    keywords: z.array(z.string()).describe('keywords the publisher gave; empty when none'),
    maintainerHandles: z.array(z.string()).describe('handles of the accounts that may publish it (never e-mail addresses)'),
    versionCount: nullableNumber.describe('how many versions the registry lists'),
    createdAt: nullableString.describe('ISO 8601 time of the first publication'),
    updatedAt: nullableString.describe('ISO 8601 time the package last changed'),
    isDeprecated: nullableBoolean.describe('npm: true when the latest version is deprecated; null on registries without deprecation'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'Package', description: 'A package on a public registry (npm, PyPI, crates.io).' });
export type Package = z.infer<typeof packageSchema>;

export const packageVersionSchema = z
  .object({
    platform: z.string().describe('the registry: "npm", "pypi" or "crates"'),
    id: z.string().describe('NAME@VERSION'),
    packageName: z.string().describe('the package the version belongs to'),
    version: z.string().describe('the version as the registry spells it'),
    publishedAt: nullableString.describe('ISO 8601 time of publication; null when the registry holds none (a PyPI release without files)'),
    isYanked: nullableBoolean.describe('true when withdrawn from installs (PyPI: every file yanked; crates: yanked); null on npm'),
    isDeprecated: nullableBoolean.describe('npm: true when the version carries a deprecation message; null elsewhere'),
    license: nullableString.describe("the version's licence where the registry gives one per version"),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'PackageVersion', description: 'One published version of a package, newest first by publication time.' });
export type PackageVersion = z.infer<typeof packageVersionSchema>;

export const downloadCountSchema = z
  .object({
    platform: z.string().describe('the registry: "npm" or "crates"'),
    packageName: z.string().describe('the package counted'),
    period: z.string().describe('last-day, last-week or last-month'),
    downloads: z.number().describe('downloads from start to end, inclusive'),
    start: z.string().describe('first day counted, YYYY-MM-DD'),
    end: z.string().describe('last day counted, YYYY-MM-DD'),
    fetchedAt: z.string().describe('ISO 8601 time of the upstream fetch (kept on cache hits)'),
  })
  .meta({ id: 'DownloadCount', description: "A package's downloads over a period, as the registry counts them." });
export type DownloadCount = z.infer<typeof downloadCountSchema>;
