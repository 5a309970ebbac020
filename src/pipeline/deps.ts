import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition, FamilyDefinition } from '../catalogue/endpoint.js';
import type { Config } from '../config.js';
import { GatewayError } from '../errors.js';
import { createProviderUpstream } from '../families/inference/provider-upstream.js';
import type { ResolveAll } from '../outbound/index.js';
import type { PipelineDeps } from './run-endpoint.js';
import type { StateAdapters } from '../state/ports.js';
import { UpstreamClient } from '../upstream/client.js';
import type { Upstream } from '../upstream/types.js';

/**
 * What the pipeline needs: the state, and each family's upstream (or the not_configured error
 * of a family that cannot run here), through an upstream client of its own. The HTTP doors use
 * UPSTREAM_TIMEOUT_MS; job workers JOB_UPSTREAM_TIMEOUT_MS (no synchronous ceiling).
 */
export function createPipelineDeps(
  config: Config,
  catalogue: Catalogue,
  state: StateAdapters,
  options: {
    timeoutMs: number;
    logError: PipelineDeps['logError'];
    /** Resolver for caller-supplied URL hosts (image URLs); tests and the offline demo pass a fixed one. */
    resolveAll?: ResolveAll;
  },
): { deps: PipelineDeps; close(): Promise<void> } {
  const { logError } = options;
  const client = new UpstreamClient({ origins: config.UPSTREAM_ORIGINS, timeoutMs: options.timeoutMs });
  const upstreams = new Map<string, Upstream | GatewayError>();
  const upstreamOf = (family: FamilyDefinition): Upstream | GatewayError => {
    if (family.providerEnv) {
      const providerUrl = config[family.providerEnv];
      if (!providerUrl) return new GatewayError('not_configured', `The ${family.name} endpoints need a provider: set ${family.providerEnv}.`, { details: { variable: family.providerEnv } });
      return createProviderUpstream({ providerUrl, timeoutMs: options.timeoutMs, resolveAll: options.resolveAll });
    }
    const proxyUrl = family.proxyEnv ? config[family.proxyEnv] : undefined;
    if (family.requiresResidentialProxy && !proxyUrl) {
      return new GatewayError('not_configured', `The ${family.name} endpoints need a residential proxy: set ${family.proxyEnv}.`, { details: { variable: family.proxyEnv } });
    }
    return client.forFamily({ family: family.name, hosts: family.hosts, proxyUrl });
  };
  for (const family of catalogue.families) upstreams.set(family.name, upstreamOf(family));
  const deps: PipelineDeps = {
    state,
    upstreamFor(endpoint: EndpointDefinition) {
      const upstream = upstreams.get(endpoint.family);
      if (upstream === undefined) throw new Error(`no upstream for family ${endpoint.family}`);
      if (upstream instanceof GatewayError) throw upstream;
      return upstream;
    },
    logError,
  };
  return { deps, close: () => client.close() };
}
