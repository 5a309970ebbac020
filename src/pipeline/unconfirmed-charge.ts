import { GatewayError, isGatewayError } from '../errors.js';

/**
 * A ledger refusal that says the charge may stand names no request (the ledger knows
 * reservations); the caller is given its request id and the usage lookup that tells whether
 * that request was charged. Any other failure passes unchanged.
 */
export function withChargeLookup(error: unknown, requestId: string): unknown {
  if (!isGatewayError(error) || error.details?.chargeMayStand !== true) return error;
  return new GatewayError(error.code, error.message, {
    retryAfter: error.retryAfter,
    cause: error.cause,
    details: { ...error.details, requestId, usage: `/v1/account?request_id=${encodeURIComponent(requestId)}` },
  });
}
