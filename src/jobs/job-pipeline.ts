import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { Config } from '../config.js';
import { GatewayError } from '../errors.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { StateAdapters } from '../state/ports.js';
import { UpstreamClient } from '../upstream/client.js';
import type { Upstream } from '../upstream/types.js';

/**
 * The pipeline as workers use it: the same state and families as the HTTP doors, through an
 * upstream client of its own whose time-out is JOB_UPSTREAM_TIMEOUT_MS (no synchronous ceiling).
 */
export function jobPipeline(config: Config, catalogue: Catalogue, state: StateAdapters, logError: PipelineDeps['logError']): { deps: PipelineDeps; close(): Promise<void> } {
  const client = new UpstreamClient({ origins: config.UPSTREAM_ORIGINS, timeoutMs: config.JOB_UPSTREAM_TIMEOUT_MS });
  const upstreams = new Map<string, Upstream | GatewayError>();
  for (const family of catalogue.families) {
    const proxyUrl = config[family.proxyEnv];
    upstreams.set(
      family.name,
      family.requiresResidentialProxy && !proxyUrl
        ? new GatewayError('not_configured', `The ${family.name} endpoints need a residential proxy: set ${family.proxyEnv}.`, { details: { variable: family.proxyEnv } })
        : client.forFamily({ family: family.name, hosts: family.hosts, proxyUrl }),
    );
  }
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
