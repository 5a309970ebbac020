import type { FamilyDefinition } from '../../../src/catalogue/family.js';
import { catalogue } from '../../support/registered-catalogue.js';
import { FakeUpstream, type FakeReply, type FakeRoute, type RecordedRequest } from '../../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { startForwardProxy } from '../../support/forward-proxy.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { UPSTREAM_TIMEOUT_MS } from './faults.js';
import { HEALTHY_FAMILIES, type DiscoveredFamily } from './healthy-families.js';
import { hardeningResolver } from './image-hosts.js';

/**
 * The real gateway (every registered family) in front of fake upstreams that are healthy unless
 * a fault is switched on for the requests it should hit. Each family's healthy upstream comes
 * from its own test folder (healthy-families.ts). The platforms are the harness's fake server
 * (UPSTREAM_ORIGINS); a family that requires a residential proxy goes through a real forward
 * proxy (its proxy setting); a provider family's provider URL (its provider setting) is a path
 * of its own on a second fake server under the same fault switch, because that URL must be
 * known before the harness starts its own server. Image hosts are answered by a fixed resolver
 * (image-hosts.ts), never by DNS.
 * With REDIS_URL set, state lives in Redis under a prefix of this run's own.
 */

/** A key rich enough for every case of a long local run. */
export const HARDENING_KEY = 'sk_test_hardening_01';

export type Where = (request: RecordedRequest, url: URL) => boolean;
export const everywhere: Where = () => true;

export interface HardeningGateway {
  harness: Harness;
  /** The fake provider server (every provider family's provider URL points at it). */
  provider: FakeUpstream;
  /** Each provider family's provider URL: the one place that family may reach. */
  providers: ReadonlyMap<string, URL>;
  /** Each family's hosts that no family declares (stores, instances) which the fake upstream answers, by family name. */
  callerHosts: ReadonlyMap<string, readonly string[]>;
  /** Every name the gateway asked its resolver (the image host check). */
  resolved: string[];
  /** Every request either fake server received. */
  requests(): RecordedRequest[];
  /** Each family's fault target (HealthyFamily.faultTarget) within that family's own requests. */
  faultTargets: Where;
  /** Every request from now on that `where` selects gets `reply`, until clearFault(). */
  setFault(reply: FakeReply, where?: Where): void;
  /** Lifts the fault, and with it any budget its answers announced (a Retry-After closes a host until then). */
  clearFault(): Promise<void>;
  /**
   * Hosts the fake servers were asked for that no family declared: a platform request names
   * its host in x-forwarded-host; the provider server takes provider requests only.
   */
  undeclaredHosts(): string[];
  close(): Promise<void>;
}

/** Hosts the healthy families answer that no family declares (stores, instances callers name), by family. */
const CALLER_HOSTS_BY_FAMILY: ReadonlyMap<string, readonly string[]> = new Map(
  HEALTHY_FAMILIES.filter(({ healthy }) => healthy.callerHosts !== undefined).map(({ family, healthy }) => [
    family.name,
    healthy.callerHosts!.map((host) => host.toLowerCase()),
  ]),
);
const CALLER_HOSTS = [...CALLER_HOSTS_BY_FAMILY.values()].flat();
const PLATFORM_HOSTS = new Set(
  [...catalogue.families.flatMap((family) => family.hosts), ...CALLER_HOSTS].map((host) => host.toLowerCase()),
);

/** Where a provider family's provider URL points on the fake provider server. */
const providerPathOf = (family: FamilyDefinition): string => `/providers/${family.name}`;

/**
 * A provider request comes to the provider server directly (not through the UPSTREAM_ORIGINS
 * rewrite), so it carries no x-forwarded-host; it is a POST to the family's provider path.
 */
const isProviderRequest =
  (path: string): Where =>
  (request, url) =>
    request.host === undefined && request.method === 'POST' && url.pathname === path;

/** The requests that belong to a family: to its provider URL, or to one of its platform hosts. */
function requestsOf(family: FamilyDefinition, callerHosts: readonly string[] = []): Where {
  if (family.providerEnv !== undefined) return isProviderRequest(providerPathOf(family));
  const hosts = new Set([...family.hosts, ...callerHosts].map((host) => host.toLowerCase()));
  return (request) => hosts.has((request.host ?? '').toLowerCase());
}

/** A family's healthy route, answering only the family's own requests. */
const scopedRoute = ({ family, healthy }: DiscoveredFamily): FakeRoute => {
  const own = requestsOf(family, healthy.callerHosts);
  return (request, url) => (own(request, url) ? healthy.route(request, url) : undefined);
};

const providerFamilies = HEALTHY_FAMILIES.filter(({ family }) => family.providerEnv !== undefined);
const platformFamilies = HEALTHY_FAMILIES.filter(({ family }) => family.providerEnv === undefined);
const proxiedFamilies = catalogue.families.filter((family) => family.requiresResidentialProxy && family.proxyEnv !== undefined);

const faultTargets: Where = (request, url) =>
  HEALTHY_FAMILIES.some(
    ({ family, healthy }) => requestsOf(family, healthy.callerHosts)(request, url) && (healthy.faultTarget?.(request, url) ?? true),
  );

export async function startHardeningGateway(env: Record<string, string> = {}): Promise<HardeningGateway> {
  const proxy = await startForwardProxy();
  const provider = new FakeUpstream();
  const providerOrigin = await provider.start();
  const providers = new Map(providerFamilies.map(({ family }) => [family.name, new URL(providerPathOf(family), providerOrigin)]));
  const redisPrefix = testPrefix();
  const resolved: string[] = [];
  const harness = await startHarness(
    {
      ...Object.fromEntries(proxiedFamilies.map((family) => [family.proxyEnv!, proxy.url])),
      ...Object.fromEntries(providerFamilies.map(({ family }) => [family.providerEnv!, providers.get(family.name)!.href])),
      API_KEYS: `${HARDENING_KEY}=1000000000`,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      // Hundreds of requests a minute from one key: the per-key rate limit has its own suite.
      RATE_LIMIT_PER_MINUTE: '0',
      ...Object.assign({}, ...HEALTHY_FAMILIES.map(({ healthy }) => healthy.env ?? {})),
      ...(REDIS_URL ? { REDIS_URL } : {}),
      ...env,
    },
    { redisPrefix, resolveAll: hardeningResolver(resolved), callerHosts: CALLER_HOSTS },
  );
  let fault: { reply: FakeReply; where: Where } | null = null;
  const faulted: FakeRoute = (request, url) => (fault !== null && fault.where(request, url) ? fault.reply : undefined);
  harness.upstream.on(faulted);
  for (const family of platformFamilies) harness.upstream.on(scopedRoute(family));
  provider.on(faulted);
  for (const family of providerFamilies) provider.on(scopedRoute(family));
  const toAProvider = (request: RecordedRequest): boolean =>
    providerFamilies.some(({ family }) => requestsOf(family)(request, new URL(request.url, providerOrigin)));
  return {
    harness,
    provider,
    providers,
    callerHosts: CALLER_HOSTS_BY_FAMILY,
    faultTargets,
    resolved,
    requests: () => [...harness.upstream.requests, ...provider.requests],
    setFault(reply, where = everywhere) {
      fault = { reply, where };
    },
    async clearFault() {
      fault = null;
      await harness.gateway.upstreamBudgets.forget();
    },
    undeclaredHosts: () => [
      ...harness.upstream.requests.map((request) => (request.host ?? '(none)').toLowerCase()).filter((host) => !PLATFORM_HOSTS.has(host)),
      ...provider.requests
        .filter((request) => !toAProvider(request))
        .map((request) => `(not a provider: ${request.method} ${request.url})`),
    ],
    async close() {
      await harness.close();
      await provider.stop();
      await proxy.close();
      await deletePrefix(redisPrefix);
    },
  };
}

/** GET with the hardening key. */
export const get = (gateway: HardeningGateway, path: string) => gateway.harness.get(path, HARDENING_KEY);

/** The key's balance, read from the ledger through /v1/account. */
export async function balance(gateway: HardeningGateway): Promise<number> {
  return (await get(gateway, '/v1/account')).body.data.balance as number;
}

/** A REST path with its query parameters. */
export const restPath = (path: string, params: Record<string, string>): string => `${path}?${new URLSearchParams(params)}`;
