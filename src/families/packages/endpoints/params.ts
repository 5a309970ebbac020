import { z } from 'zod';
import { countParam, cursorParam } from '../../../catalogue/query-params.js';
import { invalidParam } from '../../../errors.js';
import { REGISTRIES, type Registry } from '../constants.js';
import { packageRef } from '../input/identity.js';
import { PERIODS } from '../normalise/periods.js';

/** Parameter pieces shared by the packages endpoints (REST spelling), and their canonical forms. */

export const registry = z.enum(REGISTRIES).describe('npm, pypi or crates (fixed by url when a url is given)');

export const identity = {
  registry: registry.optional(),
  name: z.string().min(1).max(256).optional().describe('the package name on the registry, e.g. lodash, @types/node, requests, serde'),
  url: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .describe(
      "a package's page on its registry's web site: npm's /package/NAME (a scoped name raw or encoded), PyPI's /project/NAME/, crates.io's /crates/NAME; a version tail is ignored",
    ),
};

export const IDENTITY_CONSTRAINT = 'pass either url, or registry with name';

export const cursor = cursorParam(600);
/** The period a downloads call without one counts. */
export const DEFAULT_PERIOD = 'last-week' satisfies (typeof PERIODS)[number];
export const period = z.enum(PERIODS).default(DEFAULT_PERIOD).describe('last-day, last-week or last-month');
export const versionsLimit = countParam('versions per page', { default: 30, max: 100 });
export const searchLimit = countParam('packages per page', { default: 20, max: 100 });

type Identity = { registry?: Registry | undefined; name?: string | undefined; url?: string | undefined };

/** The identity as `registry` with the canonical `name` (the url, once read, is dropped: equivalent inputs share one cache entry). */
export function canonicalIdentity<T extends Identity>(params: T): T & { registry: Registry; name: string } {
  const ref = packageRef(params);
  const { url: _url, ...rest } = params;
  return { ...rest, registry: ref.registry, name: ref.name } as T & { registry: Registry; name: string };
}

/** What PyPI does not publish: refused naming `registry`, before any request. */
export function refusePypi(registry: Registry, what: 'download counts' | 'a search API'): void {
  if (registry !== 'pypi') return;
  const why =
    what === 'download counts'
      ? 'PyPI publishes no download counts (its JSON API reports -1 for every period).'
      : 'PyPI has no search API (its XML-RPC search is disabled and its search page is HTML).';
  throw invalidParam('registry', `${why} Use registry=npm or registry=crates.`);
}

/** The canonical identity of a call already normalised (fetch receives only canonical parameters). */
export function refOf(params: Identity): { registry: Registry; name: string } {
  if (params.registry === undefined || params.name === undefined) throw invalidParam('url', IDENTITY_CONSTRAINT);
  return { registry: params.registry, name: params.name };
}
