import { z } from 'zod';
import { defineEndpoint } from '../../catalogue/endpoint.js';
import type { SingleResult } from '../../catalogue/results.js';
import { invalidParam, schemaDrift } from '../../errors.js';
import type { AgeGenderEstimate } from './model.js';
// The URL rules only: the catalogue must not load the HTTP client (undici) to describe an endpoint.
import { parseOutboundUrl } from '../../outbound/outbound-url.js';
import { isOutboundRefused } from '../../outbound/refusal.js';
import { PROVIDER_TARGET, providerEstimateSchema, providerNoEstimateSchema } from './provider-contract.js';

const params = z.object({
  url: z.string().min(1).max(2048).describe('public http(s) URL of the image (the provider fetches it; the gateway never does)'),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw schemaDrift('The inference provider did not answer JSON.');
  }
}

/** GET /v1/detect-age-gender */
export const detectAgeGenderEndpoint = defineEndpoint({
  family: 'inference',
  path: '/v1/detect-age-gender',
  graphqlField: 'detectAgeGender',
  summary: "Experimental: a model's estimate of the age range and gender of the person in a public image",
  description: [
    'Returns one AgeGenderEstimate: ageRange {min, max} in years, gender (female, male or unknown), confidence 0 to 1, the model name, and isEstimate: true. It is a model estimate, labelled as such, never a fact about the person.',
    'Needs an inference provider on the deployment: without INFERENCE_URL every call is 501 not_configured.',
    'The gateway sends the image URL to the provider and never downloads the image itself; before it does, the URL must be http(s) without user info and its host must resolve only to public addresses (otherwise 400 invalid_request naming url).',
    'Provider contract: POST INFERENCE_URL with {"imageUrl": "..."}; 200 {"ageRange": {"min", "max"}, "gender", "confidence", "model"}; 422 {"reason"} when no estimate is possible (an empty result, meta.reason the provider\'s reason or no_estimate, not charged).',
    "Provider failures, read as the platforms' are: 429 is upstream_rate_limited (Retry-After passed on, 60 s without one); 401, 403, a redirect (never followed), a bot challenge, 5xx or unreachable upstream_blocked (retryable); no answer in time upstream_timeout; any other answer or a malformed estimate upstream_schema_drift; none is charged. Never cached.",
  ].join(' '),
  params,
  flags: {
    creditCost: 1,
    cacheable: false,
    batchable: false,
    subscribable: false,
    requiresResidentialProxy: false,
    experimental: true,
    parameterConstraints: 'url must be a public http(s) URL without user info; its host must resolve only to public addresses',
  },
  returns: { kind: 'single', type: 'AgeGenderEstimate' },
  // The cheap checks run in the validation step, before any credit is reserved; the DNS check runs where the request leaves (provider-upstream.ts).
  normaliseParams(input) {
    try {
      return { url: parseOutboundUrl(input.url, { allowPrivate: false }).href };
    } catch (error) {
      if (isOutboundRefused(error)) throw invalidParam('url', `The image URL cannot be used: ${error.message}`);
      throw error;
    }
  },
  async fetch(input, ctx): Promise<SingleResult<AgeGenderEstimate>> {
    const response = await ctx.upstream.fetch({ url: PROVIDER_TARGET, method: 'POST', body: JSON.stringify({ imageUrl: input.url }) });
    const payload = parseJson(response.body);
    if (response.status === 422) {
      const refusal = providerNoEstimateSchema.safeParse(payload);
      return {
        data: null,
        raw: { via: 'provider', payload },
        emptyReason: (refusal.success ? refusal.data.reason : undefined) ?? 'no_estimate',
      };
    }
    const estimate = providerEstimateSchema.safeParse(payload);
    if (!estimate.success) {
      const issue = estimate.error.issues[0]!;
      throw schemaDrift("The inference provider's answer does not match its contract.", {
        field: issue.path.join('.'),
        problem: issue.message,
      });
    }
    const { ageRange, gender, confidence, model } = estimate.data;
    return {
      data: {
        imageUrl: input.url,
        ageRange: { min: ageRange.min, max: ageRange.max },
        gender,
        confidence,
        model,
        isEstimate: true,
        fetchedAt: ctx.fetchedAt,
      },
      raw: { via: 'provider', payload },
    };
  },
});
