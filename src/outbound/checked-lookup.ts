import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress } from './address-policy.js';
import { OutboundRefusedError } from './refusal.js';

/** Resolves a host name to every address it has (dns.lookup with all: true, or a test double). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

export interface AddressCheckOptions {
  /** WEBHOOK_ALLOW_PRIVATE: lets loopback and private targets through (tests only). */
  allowPrivate: boolean;
  /** Defaults to the system resolver. */
  resolveAll?: ResolveAll;
}

/**
 * Resolves `hostname` (or takes an IP literal as it is) and checks EVERY address: one non-public
 * address refuses the whole host, so a name that mixes public and private answers cannot be
 * used to reach the private one. Returns the checked addresses, the only ones to dial.
 */
export async function resolveChecked(hostname: string, options: AddressCheckOptions): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses: LookupAddress[] =
    literal !== 0 ? [{ address: bare, family: literal }] : await (options.resolveAll ?? systemResolveAll)(bare);
  if (addresses.length === 0) throw new OutboundRefusedError(`${hostname} has no address.`);
  if (options.allowPrivate) return addresses;
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed)
      throw new OutboundRefusedError(
        `${hostname} resolves to ${address}, a ${verdict.reason} address; only public addresses may be reached.`,
      );
  }
  return addresses;
}

/**
 * A `lookup` for net.connect / tls.connect (undici's `connect.lookup`): the socket connects to an
 * address this function checked, so there is no second lookup an attacker's DNS could answer
 * differently (DNS rebinding). Honours both call shapes Node uses (`all: true` with
 * autoSelectFamily, a single address otherwise) and the requested family.
 */
export function createCheckedLookup(options: AddressCheckOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolveChecked(hostname, options).then(
      (addresses) => {
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const wanted = family === 4 || family === 6 ? addresses.filter((each) => each.family === family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${String(family)} address`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (lookupOptions.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
