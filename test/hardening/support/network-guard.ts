import type * as Dns from 'node:dns';
import type * as Undici from 'undici';
import { catalogue } from '../../support/registered-catalogue.js';
import { classifyAddress } from '../../../src/outbound/address-policy.js';
import { IMAGE_HOST } from './image-hosts.js';

/**
 * The fuzz suites' network layer. Every upstream request the gateway makes goes through
 * undici's `request` (src/upstream/client.ts for the platforms, a provider family's own upstream
 * for its provider), which the suites replace with this guard (vi.mock). A request is let
 * through only when it goes
 *  - for a platform family: to the fake upstream on loopback (the UPSTREAM_ORIGINS rewrite) on
 *    behalf of a host some family declared, or of a host callers name (a store, an instance) that
 *    the hardening gateway sends to its fake upstream (declareCallerHosts) (x-forwarded-host);
 *    any other host a caller names is a violation, whether rewritten or dialled directly;
 *  - for a provider family: as a POST to exactly the provider URL declared for it
 *    (declareProviders, from the hardening gateway's provider settings), carrying an image URL
 *    on a public address: the family's declared host is its provider's, and nothing else.
 * Anything else is recorded as a violation and fails before a socket is opened. The system
 * resolver (node:dns lookup) is guarded too: the gateway must resolve image hosts with the
 * resolver it was given, so any real lookup is a violation and fails without the network.
 * Only type imports besides the catalogue and the address policy: a module loaded here must
 * not load undici or node:dns, which the factories calling this are still mocking.
 */

export interface GuardLog {
  /** The declared host of each request let through since the last reset (the provider's host for a provider request). */
  hosts: string[];
  violations: string[];
}

export const guardLog: GuardLog = { hosts: [], violations: [] };

const PLATFORM_HOSTS = new Set(catalogue.families.flatMap((family) => family.hosts.map((host) => host.toLowerCase())));
const LOOPBACK = '127.0.0.1';
/** Provider families' provider URLs, declared once the gateway they belong to is up. */
const providers = new Map<string, URL>();
/** Each family's hosts callers name that the fake upstream answers, declared once the gateway is up. */
const callerHosts = new Map<string, readonly string[]>();
let callerHostSet = new Set<string>();

export function resetGuard(): void {
  guardLog.hosts = [];
  guardLog.violations = [];
}

/** Declares each provider family's one destination (HardeningGateway.providers). */
export function declareProviders(declared: ReadonlyMap<string, URL>): void {
  for (const [family, url] of declared) providers.set(family, url);
}

/** Declares the hosts callers name that the fake upstream answers, by family (HardeningGateway.callerHosts). */
export function declareCallerHosts(declared: ReadonlyMap<string, readonly string[]>): void {
  for (const [family, hosts] of declared) callerHosts.set(family, hosts);
  callerHostSet = new Set([...callerHosts.values()].flat());
}

/**
 * The hosts a family may reach: its platform hosts (and, for a family whose hosts callers name,
 * those of them the fake upstream answers), or for a provider family the host of its declared provider URL.
 */
export function declaredHostsOf(familyName: string): readonly string[] {
  const family = catalogue.families.find((each) => each.name === familyName);
  if (!family) throw new Error(`no family ${familyName}`);
  if (family.callerNamedHosts !== undefined && !callerHosts.has(family.name))
    throw new Error(`the ${family.name} family's caller hosts are not declared: call declareCallerHosts(gateway.callerHosts) first`);
  if (family.providerEnv === undefined) return [...family.hosts, ...(callerHosts.get(family.name) ?? [])];
  const provider = providers.get(family.name);
  if (!provider) throw new Error(`the ${family.name} family's provider is not declared: call declareProviders(gateway.providers) first`);
  return [provider.host];
}

const sameEndpoint = (a: URL, b: URL): boolean => a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;

/** Why the image URL a provider request carries should never have left, or null when it is a public one. */
function imageUrlProblem(body: unknown): string | null {
  let imageUrl: URL | null;
  try {
    imageUrl = URL.parse((JSON.parse(String(body)) as { imageUrl?: string }).imageUrl ?? '');
  } catch {
    return 'a body that is not the contract request';
  }
  if (
    !imageUrl ||
    (imageUrl.protocol !== 'https:' && imageUrl.protocol !== 'http:') ||
    imageUrl.username !== '' ||
    imageUrl.password !== ''
  )
    return `the image URL ${String(imageUrl)}`;
  // The hardening resolver's only public name, or an IP literal that is public.
  const host = imageUrl.hostname.replace(/^\[|\]$/g, '');
  if (host === IMAGE_HOST) return null;
  return classifyAddress(host).allowed ? null : `the image URL ${imageUrl.href} on a host that is not public`;
}

/** The declared host a request goes to, or the violation it is. */
function admit(target: URL, method: string, headers: Record<string, string>, body: unknown): { host: string } | { violation: string } {
  const forwarded = headers['x-forwarded-host']?.toLowerCase();
  if (forwarded !== undefined) {
    return target.hostname === LOOPBACK && (PLATFORM_HOSTS.has(forwarded) || callerHostSet.has(forwarded))
      ? { host: forwarded }
      : { violation: `${method} ${target.href} (for ${forwarded})` };
  }
  const provider = [...providers.values()].find((url) => sameEndpoint(url, target));
  if (!provider) return { violation: `${method} ${target.href} (for no declared host)` };
  const problem = method === 'POST' ? imageUrlProblem(body) : 'not a POST';
  return problem === null ? { host: provider.host } : { violation: `${method} ${target.href} (the provider, with ${problem})` };
}

/** undici with `request` guarded; everything else (Agent, ProxyAgent, errors) is the real module. */
export function guardedUndici(actual: typeof Undici): typeof Undici {
  const guardedRequest = ((url: Parameters<typeof Undici.request>[0], options?: Parameters<typeof Undici.request>[1]) => {
    const verdict = admit(
      new URL(String(url)),
      options?.method ?? 'GET',
      (options?.headers ?? {}) as Record<string, string>,
      options?.body,
    );
    if ('violation' in verdict) {
      guardLog.violations.push(verdict.violation);
      return Promise.reject(new Error(`network guard: refused ${verdict.violation}`));
    }
    guardLog.hosts.push(verdict.host);
    return actual.request(url, options as never);
  }) as typeof Undici.request;
  return { ...actual, request: guardedRequest };
}

/** node:dns with `lookup` refused and recorded: no suite resolves a name through real DNS. */
export function guardedDns(actual: typeof Dns): typeof Dns {
  const refusedLookup = ((hostname: string, ...rest: unknown[]) => {
    guardLog.violations.push(`DNS lookup of ${hostname}`);
    const callback = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
    process.nextTick(() =>
      callback(Object.assign(new Error(`network guard: refused the DNS lookup of ${hostname}`), { code: 'ENOTFOUND' })),
    );
  }) as typeof Dns.lookup;
  const guarded = { ...actual, lookup: refusedLookup };
  return { ...guarded, default: guarded } as typeof Dns;
}
