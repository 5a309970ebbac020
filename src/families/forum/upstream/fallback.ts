import { GatewayError, isGatewayError } from '../../../errors.js';

/** Failures of the JSON surface that an alternate surface (Atom feed, HTML page) may get around. */
const FALLBACK_CODES: ReadonlySet<string> = new Set(['upstream_blocked', 'upstream_rate_limited']);

/**
 * Runs `primary`; when it is blocked or rate-limited, runs `fallback`. If the fallback
 * fails too, the original error is rethrown (it is the one worth retrying), with the
 * fallback's code recorded in its details.
 */
export async function withFallback<T>(primary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  try {
    return await primary();
  } catch (error) {
    if (!isGatewayError(error) || !FALLBACK_CODES.has(error.code)) throw error;
    try {
      return await fallback();
    } catch (fallbackError) {
      const fallbackCode = isGatewayError(fallbackError) ? fallbackError.code : 'internal_error';
      throw new GatewayError(error.code, error.message, {
        details: { ...error.details, fallbackCode },
        retryAfter: error.retryAfter,
        cause: error,
      });
    }
  }
}
