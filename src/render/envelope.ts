import type { GatewayError } from '../errors.js';
import type { EndpointOutcome } from '../pipeline/outcome.js';

/**
 * The JSON envelope every non-GraphQL door answers with (REST, job results). The payload is
 * spliced in as the serialised text the pipeline (or the cache) produced, so a cache hit is
 * never parsed or re-serialised.
 */
export function successBody(outcome: EndpointOutcome): string {
  const meta: Record<string, unknown> = {
    creditsCharged: outcome.creditsCharged,
    cached: outcome.cached,
    fetchedAt: outcome.fetchedAt,
  };
  if (outcome.ageSeconds !== null) meta.ageSeconds = outcome.ageSeconds;
  if (outcome.empty) {
    meta.empty = true;
    meta.reason = outcome.emptyReason;
  }
  if (outcome.warnings.length > 0) meta.warnings = outcome.warnings;
  const raw = outcome.rawJson === null ? '' : `,"raw":${outcome.rawJson}`;
  return `{"success":true,${outcome.payloadJson.slice(1, -1)},"meta":${JSON.stringify(meta)}${raw}}`;
}

export function errorBody(error: GatewayError): string {
  const body: Record<string, unknown> = { code: error.code, message: error.message, retryable: error.retryable };
  if (error.details) body.details = error.details;
  return JSON.stringify({ success: false, error: body, meta: { creditsCharged: 0 } });
}
