import { invalidParam } from '../../../errors.js';
import { CRATES_HOST, NPM_WEB_BARE_HOST, NPM_WEB_HOST, PYPI_HOST, type Registry } from '../constants.js';

/**
 * A package named by `registry` with `name`, or by its page URL (which fixes the registry). Every
 * name is checked against its registry's own rules before any request, so nothing unexpected ever
 * reaches an upstream path, and spelt canonically so equivalent inputs share one cache entry.
 */
export interface PackageRef {
  registry: Registry;
  name: string;
}

/** npm: at most 214 URL-safe characters, an optional `@scope/`; old packages may have capitals. */
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/i;
const NPM_MAX_LENGTH = 214;
/** PEP 508: letters and digits, with `.`, `_`, `-` inside. */
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;
const PYPI_MAX_LENGTH = 200;
/** crates.io: a letter, then letters, digits, `-` and `_`, at most 64. */
const CRATE_NAME = /^[a-z][a-z0-9_-]{0,63}$/i;

const NAME_RULES: Readonly<Record<Registry, string>> = {
  npm: 'npm names are at most 214 URL-safe characters with an optional @scope/, e.g. lodash or @types/node',
  pypi: 'PyPI names are letters and digits with . _ - inside (PEP 508), e.g. requests',
  crates: 'crate names start with a letter, then letters, digits, - and _, at most 64, e.g. serde',
};

/** A name checked against its registry's rules, spelt canonically (PyPI's PEP 503 form, crates in lower case). */
export function canonicalName(registry: Registry, raw: string, param: string): string {
  const name = raw.trim();
  const valid =
    registry === 'npm'
      ? name.length <= NPM_MAX_LENGTH && NPM_NAME.test(name)
      : registry === 'pypi'
        ? name.length <= PYPI_MAX_LENGTH && PYPI_NAME.test(name)
        : CRATE_NAME.test(name);
  if (!valid) throw invalidParam(param, `${param} is not a valid ${registry} package name: ${NAME_RULES[registry]}.`);
  if (registry === 'pypi') return pep503(name);
  return registry === 'crates' ? name.toLowerCase() : name;
}

/** PyPI's normalised project name (PEP 503): lower case, runs of `-`, `_` and `.` as one `-`. */
export function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The registry and name a package page URL names, or throws 400 naming `url`. */
export function refFromUrl(raw: string): PackageRef {
  const text = raw.trim();
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw notAPackageUrl();
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (host === NPM_WEB_HOST || host === NPM_WEB_BARE_HOST) return npmPage(segments);
  if (host === PYPI_HOST || host === `www.${PYPI_HOST}`) return namedPage(segments, 'project', 'pypi');
  if (host === CRATES_HOST || host === `www.${CRATES_HOST}`) return namedPage(segments, 'crates', 'crates');
  throw notAPackageUrl();
}

/** `/package/NAME`, `/package/@scope/name` or `/package/%40scope%2Fname`, with an optional `/v/VERSION` tail. */
function npmPage(segments: string[]): PackageRef {
  if (segments[0] !== 'package' || segments[1] === undefined) throw notAPackageUrl();
  const first = decodeSegment(segments[1]);
  const scoped = first.startsWith('@') && !first.includes('/') && segments[2] !== undefined && segments[2] !== 'v';
  const name = scoped ? `${first}/${decodeSegment(segments[2]!)}` : first;
  const rest = segments.slice(scoped ? 3 : 2);
  if (rest.length !== 0 && !(rest.length === 2 && rest[0] === 'v')) throw notAPackageUrl();
  return { registry: 'npm', name: canonicalName('npm', name, 'url') };
}

/** `/project/NAME/` (PyPI) or `/crates/NAME` (crates.io), with an optional version segment. */
function namedPage(segments: string[], section: string, registry: Registry): PackageRef {
  if (segments[0] !== section || segments[1] === undefined || segments.length > 3) throw notAPackageUrl();
  return { registry, name: canonicalName(registry, decodeSegment(segments[1]), 'url') };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notAPackageUrl();
  }
}

function notAPackageUrl() {
  return invalidParam(
    'url',
    `url must be a package page: https://${NPM_WEB_HOST}/package/NAME, https://${PYPI_HOST}/project/NAME/ or https://${CRATES_HOST}/crates/NAME.`,
  );
}

/**
 * The package the identity parameters name: `url` alone, or `registry` with `name`. A `registry`
 * that disagrees with the URL's is refused, as is any other mix.
 */
export function packageRef(params: { registry?: Registry | undefined; name?: string | undefined; url?: string | undefined }): PackageRef {
  if (params.url !== undefined) {
    if (params.name !== undefined) throw invalidParam('name', 'Pass either url, or registry with name: not both.');
    const ref = refFromUrl(params.url);
    if (params.registry !== undefined && params.registry !== ref.registry)
      throw invalidParam('registry', `registry is ${params.registry} but the url is a ${ref.registry} package page.`);
    return ref;
  }
  if (params.registry === undefined)
    throw invalidParam(params.name === undefined ? 'url' : 'registry', 'Pass either url, or registry (npm, pypi or crates) with name.');
  if (params.name === undefined) throw invalidParam('name', `Pass name with registry=${params.registry}.`);
  return { registry: params.registry, name: canonicalName(params.registry, params.name, 'name') };
}
