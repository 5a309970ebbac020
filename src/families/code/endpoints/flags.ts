import type { EndpointFlags } from '../../../catalogue/endpoint.js';

/**
 * Every code endpoint costs 1 credit, is cacheable and needs no residential proxy. The two
 * trending boards are the only endpoints of the gateway that cannot be batched (one board per
 * language and period: a batch of them would only spend the anonymous budget).
 */
export function codeFlags(options: { subscribable: boolean; batchable?: boolean; parameterConstraints?: string }): EndpointFlags {
  return {
    creditCost: 1,
    cacheable: true,
    batchable: options.batchable ?? true,
    subscribable: options.subscribable,
    requiresResidentialProxy: false,
    experimental: false,
    ...(options.parameterConstraints === undefined ? {} : { parameterConstraints: options.parameterConstraints }),
  };
}
