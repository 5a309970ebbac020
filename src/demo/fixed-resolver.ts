import type { LookupAddress } from 'node:dns';
import type { ResolveAll } from '../outbound/index.js';

/**
 * A resolver with fixed answers, for the image host check without DNS (offline demo, tests):
 * names it does not know fail like an unknown name does.
 */
export function fixedResolver(answers: Record<string, string[]>): ResolveAll {
  return async (hostname) => {
    const addresses = answers[hostname.toLowerCase()];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
