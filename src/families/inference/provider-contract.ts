import { z } from 'zod';
import { ageRangeSchema, genderEstimateSchema } from './model.js';

/**
 * The contract between the gateway and the inference provider named by INFERENCE_URL
 * (this folder's README, "Provider contract"; the endpoint's OpenAPI description says the same):
 *
 *   POST {INFERENCE_URL}   content-type: application/json
 *   {"imageUrl": "https://…"}                       the public image; the provider fetches it
 *
 *   200 {"ageRange": {"min": 25, "max": 34}, "gender": "female" | "male" | "unknown",
 *        "confidence": 0.87, "model": "name-and-version"}
 *   422 {"reason": "no_face"}                         no estimate possible (no face, unreadable
 *                                                     image): an empty result, not charged
 *   429 (Retry-After; none: the gateway's 60 s)       upstream_rate_limited
 *   401, 403, 3xx (never followed), a bot challenge,
 *   5xx, connection failure                           upstream_blocked (retryable)
 *   no answer within UPSTREAM_TIMEOUT_MS              upstream_timeout
 *   anything else, or a 200 that breaks the shape     upstream_schema_drift
 * The failures read as the platforms' do (src/upstream/classify.ts).
 */

/** The family names its one destination symbolically; only the provider upstream built from INFERENCE_URL answers it. */
export const PROVIDER_TARGET = 'provider:estimate';

export const providerRequestSchema = z.object({ imageUrl: z.string() });
export type ProviderRequest = z.infer<typeof providerRequestSchema>;

export const providerEstimateSchema = z
  .object({
    ageRange: ageRangeSchema.refine((range) => range.min <= range.max, 'ageRange.min is above ageRange.max'),
    gender: genderEstimateSchema,
    confidence: z.number().min(0).max(1),
    model: z.string().min(1).max(200),
  })
  .loose();
export type ProviderEstimate = z.infer<typeof providerEstimateSchema>;

/** The optional body of a 422: why no estimate was possible (a short slug becomes meta.reason). */
export const providerNoEstimateSchema = z
  .object({
    reason: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/)
      .optional(),
  })
  .loose();
