import { invalidParam } from '../../../errors.js';
import { ADS_HOSTS, ADVERTISER_ID, CREATIVE_ID } from '../constants.js';
import { GEO_ID_BY_REGION } from './regions.js';

/** Callers' spellings of the platform's identities, read into the one form the gateway sends and caches under. */

/** A host name: labels of letters, digits and hyphens, at least one dot, no label starting or ending with a hyphen. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain as the platform matches it: the host of a URL or a bare host, lower-cased, without
 * a scheme, path, port or leading `www.`; so `www.example.com`, `https://example.com/` and
 * `EXAMPLE.com` are one question (one fetch, one cache entry).
 */
export function canonicalDomain(value: string, param = 'domain'): string {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const url = URL.parse(withScheme);
  const host = url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.hostname : '';
  const domain = host.replace(/\.$/, '').replace(/^www\./, '');
  if (!HOST_NAME.test(domain) || /^[\d.]+$/.test(domain)) {
    throw invalidParam(param, `${param}: a host name such as example.com, or a URL on it.`);
  }
  return domain;
}

/** An advertiser id (`AR` and digits), upper-cased. */
export function advertiserId(value: string, param = 'advertiser_id'): string {
  const id = value.trim().toUpperCase();
  if (!ADVERTISER_ID.test(id)) throw invalidParam(param, `${param}: the advertiser id, AR followed by digits (AR01234567890123456789).`);
  return id;
}

/** A creative id (`CR` and digits), upper-cased. */
export function creativeId(value: string, param = 'creative_id'): string {
  const id = value.trim().toUpperCase();
  if (!CREATIVE_ID.test(id)) throw invalidParam(param, `${param}: the creative id, CR followed by digits (CR01234567890123456789).`);
  return id;
}

/** A creative's page, `https://adstransparency.google.com/advertiser/{AR}/creative/{CR}` with any query. */
export function creativeOfUrl(value: string): { advertiserId: string; creativeId: string } {
  const url = URL.parse(value.trim());
  const onSite = url !== null && url.protocol === 'https:' && ADS_HOSTS.some((host) => host === url.hostname.toLowerCase());
  const match = onSite ? /^\/advertiser\/(AR\d+)\/creative\/(CR\d+)\/?$/i.exec(url.pathname) : null;
  if (!match) {
    throw invalidParam('url', 'url: a creative page, https://adstransparency.google.com/advertiser/AR…/creative/CR….');
  }
  return { advertiserId: advertiserId(match[1]!, 'url'), creativeId: creativeId(match[2]!, 'url') };
}

/** The worldwide default of `region`. */
export const ANYWHERE = 'anywhere';

/** `anywhere`, or an ISO 3166-1 alpha-2 code the platform lists (case-insensitive), upper-cased. */
export function canonicalRegion(value: string): string {
  const region = value.trim();
  if (region.toLowerCase() === ANYWHERE) return ANYWHERE;
  const code = region.toUpperCase();
  if (!GEO_ID_BY_REGION.has(code)) {
    throw invalidParam('region', `region: an ISO 3166-1 alpha-2 country code the platform lists (e.g. US, DE), or ${ANYWHERE}.`);
  }
  return code;
}

/** The platform's geo id of a canonical region, or null for anywhere. */
export const geoIdOf = (region: string): number | null => (region === ANYWHERE ? null : (GEO_ID_BY_REGION.get(region) ?? null));
