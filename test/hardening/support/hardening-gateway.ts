import { catalogue } from '../../../src/catalogue/index.js';
import { FakeUpstream, type FakeReply, type FakeRoute, type RecordedRequest } from '../../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { startForwardProxy } from '../../support/forward-proxy.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { UPSTREAM_TIMEOUT_MS } from './faults.js';
import { healthyCode, healthyForum, healthyInference, healthyRealty, isProviderRequest, PROVIDER_PATH } from './healthy-upstream.js';
import { hardeningResolver } from './image-hosts.js';

/**
 * The real gateway (every family: realty through a real forward proxy, inference through
 * INFERENCE_URL) in front of fake upstreams that are healthy unless a fault is switched on for
 * the requests it should hit. The platforms are the harness's fake server (UPSTREAM_ORIGINS);
 * the inference provider is a second fake server under the same fault switch, because
 * INFERENCE_URL must be known before the harness starts its own server. Image hosts are
 * answered by a fixed resolver (image-hosts.ts), never by DNS.
 * With REDIS_URL set, state lives in Redis under a prefix of this run's own.
 */

/** A key rich enough for every case of a long local run. */
export const HARDENING_KEY = 'sk_test_hardening_01';

export type Where = (request: RecordedRequest, url: URL) => boolean;
export const everywhere: Where = () => true;

export interface HardeningGateway {
  harness: Harness;
  /** The fake inference provider (INFERENCE_URL points at it). */
  provider: FakeUpstream;
  /** Each provider family's provider URL (INFERENCE_URL for inference): the one place that family may reach. */
  providers: ReadonlyMap<string, URL>;
  /** Every name the gateway asked its resolver (the image host check). */
  resolved: string[];
  /** Every request either fake server received. */
  requests(): RecordedRequest[];
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

const PLATFORM_HOSTS = new Set(catalogue.families.flatMap((family) => family.hosts.map((host) => host.toLowerCase())));
const providerFamilies = catalogue.families.filter((family) => family.providerEnv !== undefined);

export async function startHardeningGateway(env: Record<string, string> = {}): Promise<HardeningGateway> {
  const proxy = await startForwardProxy();
  const provider = new FakeUpstream();
  const providerUrl = new URL(PROVIDER_PATH, await provider.start());
  const redisPrefix = testPrefix();
  const resolved: string[] = [];
  const harness = await startHarness(
    {
      REALTY_PROXY_URL: proxy.url,
      INFERENCE_URL: providerUrl.href,
      API_KEYS: `${HARDENING_KEY}=1000000000`,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      // Hundreds of requests a minute from one key: the per-key rate limit has its own suite.
      RATE_LIMIT_PER_MINUTE: '0',
      ...(REDIS_URL ? { REDIS_URL } : {}),
      ...env,
    },
    { redisPrefix, resolveAll: hardeningResolver(resolved) },
  );
  let fault: { reply: FakeReply; where: Where } | null = null;
  const faulted: FakeRoute = (request, url) => (fault !== null && fault.where(request, url) ? fault.reply : undefined);
  harness.upstream.on(faulted).on(healthyForum).on(healthyRealty).on(healthyCode);
  provider.on(faulted).on(healthyInference);
  const providerHost = (request: RecordedRequest): string =>
    isProviderRequest(request, new URL(request.url, providerUrl))
      ? providerUrl.host
      : `(not the provider: ${request.method} ${request.url})`;
  return {
    harness,
    provider,
    providers: new Map(providerFamilies.map((family) => [family.name, providerUrl])),
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
      ...provider.requests.map(providerHost).filter((host) => host !== providerUrl.host),
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
