import type { LookupAddress } from 'node:dns';
import type { ResolveAll } from '../../../src/outbound/index.js';

/**
 * The names the hardening gateway's resolver knows, so no suite ever asks real DNS about an
 * image host (detect-age-gender checks every address of the image URL's host first). Kept
 * free of runtime imports: the network guard reads it from inside vi.mock factories.
 */

/** The public image host of the provider families' scenarios. */
export const IMAGE_HOST = 'images.example.org';
const IMAGE_HOST_ADDRESSES = ['93.184.215.14'];

/**
 * An attacker's own domain: its names answer one public address hiding a loopback one (what a
 * rebinding or split-horizon name looks like), so fuzzed URLs on it reach the address check
 * itself rather than only the unknown-name path.
 */
export const ATTACKER_DOMAIN = 'evil.example';
const ATTACKER_ADDRESSES = ['93.184.215.14', '127.0.0.1'];

const addresses = (list: string[]): LookupAddress[] => list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Answers the names above without the network; any other name fails as an unknown one does. `asked` records every name. */
export function hardeningResolver(asked: string[]): ResolveAll {
  return async (hostname) => {
    asked.push(hostname);
    const name = hostname.toLowerCase();
    if (name === IMAGE_HOST) return addresses(IMAGE_HOST_ADDRESSES);
    if (name === ATTACKER_DOMAIN || name.endsWith(`.${ATTACKER_DOMAIN}`)) return addresses(ATTACKER_ADDRESSES);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
}
