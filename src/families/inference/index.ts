import type { FamilyDefinition } from '../../catalogue/endpoint.js';
import { detectAgeGenderEndpoint } from './detect-age-gender.js';

/**
 * Inference: endpoints answered by an operator-configured model provider (INFERENCE_URL)
 * rather than a platform. No platform hosts: the provider upstream reaches only INFERENCE_URL.
 */
export const inferenceFamily: FamilyDefinition = {
  name: 'inference',
  hosts: [],
  providerEnv: 'INFERENCE_URL',
  requiresResidentialProxy: false,
  endpoints: [detectAgeGenderEndpoint],
};
