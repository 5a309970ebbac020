import { defineFamily } from '../../catalogue/family.js';
import { ageGenderEstimateSchema } from './model.js';
import { lazyUpstream } from '../../upstream/lazy.js';
import { detectAgeGenderEndpoint } from './detect-age-gender.js';

/**
 * Inference: endpoints answered by an operator-configured model provider (INFERENCE_URL)
 * rather than a platform. No platform hosts: the provider upstream reaches only INFERENCE_URL.
 */
export const inferenceFamily = defineFamily({
  name: 'inference',
  hosts: [],
  providerEnv: 'INFERENCE_URL',
  providerUpstream: (providerUrl, options) =>
    lazyUpstream(async () => (await import('./provider-upstream.js')).createProviderUpstream({ providerUrl, ...options })),
  concurrency: 8,
  resources: [ageGenderEstimateSchema],
  endpoints: [detectAgeGenderEndpoint],
  demo: async () => (await import('./demo/world.js')).inferenceDemo,
});
