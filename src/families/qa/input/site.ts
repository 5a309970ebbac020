import { invalidParam } from '../../../errors.js';

/**
 * Sites as the API names them (`stackoverflow`, `gaming`, `meta`, `meta.stackoverflow`,
 * `ru.stackoverflow`, `mathoverflow.net`) and the hosts their pages live on. A caller may name a
 * site either way; it is sent canonical, so `stackoverflow.com` and `stackoverflow` share one
 * cache entry and one fetch.
 */

/** Sites on a `.com` domain of their own; every other site is `{name}.stackexchange.com`. */
const OWN_DOMAIN_SITES = new Set(['stackoverflow', 'superuser', 'serverfault', 'askubuntu', 'stackapps']);
const SITE = /^[a-z0-9.-]{2,60}$/;
/** The language sites of Stack Overflow (`ru.stackoverflow.com`). */
const LANGUAGE_SITE = /^[a-z]{2}\.stackoverflow$/;

/**
 * The API site parameter for a site name or host: lower case, `www.` dropped, `X.stackexchange.com`
 * is `X` (`meta.stackexchange.com` is `meta`), `X.com` is `X`; null when it is not a site name.
 */
export function canonicalSite(value: string): string | null {
  let site = value.trim().toLowerCase().replace(/\.$/, '');
  if (site.startsWith('www.')) site = site.slice(4);
  if (site.endsWith('.stackexchange.com')) site = site.slice(0, -'.stackexchange.com'.length);
  else if (site.endsWith('.com')) site = site.slice(0, -'.com'.length);
  if (!SITE.test(site) || site.startsWith('.') || site.endsWith('.') || site.includes('..')) return null;
  return site;
}

/** The `site` parameter, canonical; 400 naming `site` for anything that is not a site name. */
export function parseSite(value: string): string {
  const site = canonicalSite(value);
  if (site === null)
    throw invalidParam('site', 'site must be an API site name (stackoverflow, superuser, gaming, meta ...) or a site host.');
  return site;
}

/** The host a site's pages live on, for the URLs built from ids (`https://{host}/a/{id}`). */
export function siteHost(site: string): string {
  if (site.endsWith('.net')) return site;
  if (site === 'meta') return 'meta.stackexchange.com';
  const main = site.startsWith('meta.') ? site.slice('meta.'.length) : site;
  if (OWN_DOMAIN_SITES.has(main) || LANGUAGE_SITE.test(main)) return `${site}.com`;
  return `${site}.stackexchange.com`;
}

/**
 * The site a page host belongs to, or null for a host that is not a network site's: the sites on
 * their own domains, `{name}.stackexchange.com`, `{lang}.stackoverflow.com`, and their `meta.` hosts.
 */
export function siteOfHost(hostname: string): string | null {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const main = host.startsWith('meta.') ? host.slice('meta.'.length) : host;
  const known =
    main === 'mathoverflow.net' ||
    main === 'stackexchange.com' ||
    [...OWN_DOMAIN_SITES].some((site) => main === `${site}.com`) ||
    /^[a-z]{2}\.stackoverflow\.com$/.test(main) ||
    /^[a-z0-9-]{2,40}\.stackexchange\.com$/.test(main);
  if (!known || host === 'stackexchange.com' || host === 'api.stackexchange.com') return null;
  return canonicalSite(host);
}
