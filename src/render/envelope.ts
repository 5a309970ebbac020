import { GatewayError, isGatewayError } from '../errors.js';
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
  return JSON.stringify({ success: false, error: errorFields(error), meta: { creditsCharged: 0 } });
}

/** The `error` object of the error envelope. */
export function errorFields(error: GatewayError): Record<string, unknown> {
  const body: Record<string, unknown> = { code: error.code, message: error.message, retryable: error.retryable };
  if (error.details) body.details = error.details;
  return body;
}

/** The error a caller is shown: a GatewayError as it is, anything else a 500 without internals (the door logs it). */
export function shownError(error: unknown): GatewayError {
  return isGatewayError(error) ? error : new GatewayError('internal_error', 'Something went wrong on our side; nothing was charged.');
}
