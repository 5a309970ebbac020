import type { EndpointFlags } from '../../../catalogue/endpoint.js';

/**
 * Contract section 5: every forum endpoint costs 1 credit, is cacheable and batchable and
 * needs no residential proxy; six of the nine are subscribable.
 */
export function forumFlags(options: { subscribable: boolean; parameterConstraints?: string }): EndpointFlags {
  return {
    creditCost: 1,
    cacheable: true,
    batchable: true,
    subscribable: options.subscribable,
    requiresResidentialProxy: false,
    experimental: false,
    ...(options.parameterConstraints === undefined ? {} : { parameterConstraints: options.parameterConstraints }),
  };
}
