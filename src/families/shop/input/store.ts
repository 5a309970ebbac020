import { invalidParam } from '../../../errors.js';
import { parseCallerHost } from '../../../outbound/caller-host.js';
import { collectionHandleOfPath, productHandleOfPath } from './paths.js';

/**
 * The store a caller names: `domain` is a host name or any http(s) URL on the store; a product
 * or collection `url` names both the store and the handle. Hosts are read by the gateway's
 * caller-host rules (lower case, IDN as punycode, no trailing dot; no port, user info, IP
 * literal or local name), refused as 400 naming the parameter before anything is fetched.
 */

function hostOf(value: string, param: string): { host: string; url: URL | null } {
  const parsed = parseCallerHost(value);
  if (!parsed.ok) throw invalidParam(param, `${param} ${parsed.message}.`);
  return { host: parsed.host, url: parsed.url };
}

/** The store host of a `domain` parameter. */
export const storeHost = (domain: string): string => hostOf(domain, 'domain').host;

/** The store host and product handle of a product page URL. */
export function productUrl(url: string): { domain: string; handle: string } {
  const parsed = hostOf(url, 'url');
  const handle = parsed.url === null ? null : productHandleOfPath(parsed.url.pathname);
  if (handle === null)
    throw invalidParam('url', 'url must be a product page: https://STORE/products/HANDLE (or /collections/C/products/HANDLE).');
  return { domain: parsed.host, handle };
}

/** The store host and collection handle of a collection page URL. */
export function collectionUrl(url: string): { domain: string; collection: string } {
  const parsed = hostOf(url, 'url');
  const collection = parsed.url === null ? null : collectionHandleOfPath(parsed.url.pathname);
  if (collection === null) throw invalidParam('url', 'url must be a collection page: https://STORE/collections/HANDLE.');
  return { domain: parsed.host, collection };
}
