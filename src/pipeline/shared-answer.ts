import { ERROR_STATUS, GatewayError, type ErrorCode } from '../errors.js';

/**
 * What one fetch of an endpoint gives every caller that shares it, whichever process fetched:
 * the result's facts and texts, or its failure. Carried as JSON text, since a flight's answer
 * may cross processes.
 */
export type SharedAnswer = { ok: SharedResult } | { error: SharedFailure };

export interface SharedResult {
  fetchedAt: string;
  empty: boolean;
  emptyReason: string | null;
  warnings: string[];
  /** JSON of `{ data, pagination? }`. */
  payload: string;
  /** JSON of the raw upstream payload (served only to a caller that asked for it). */
  raw: string;
}

export interface SharedFailure {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  retryAfter?: number;
}

export function encodeAnswer(answer: SharedAnswer): string {
  return JSON.stringify(answer);
}

export const failureOf = (error: GatewayError): SharedFailure => ({
  code: error.code,
  message: error.message,
  details: error.details,
  retryAfter: error.retryAfter,
});

/** The answer a flight handed over; text that is not one is the gateway's own fault, never the platform's. */
export function decodeAnswer(text: string): SharedAnswer {
  const value = JSON.parse(text) as Partial<{ ok: SharedResult; error: SharedFailure }>;
  if (value.ok && typeof value.ok.payload === 'string' && typeof value.ok.raw === 'string') return { ok: value.ok };
  if (value.error && Object.hasOwn(ERROR_STATUS, value.error.code)) return { error: value.error };
  throw new Error('a shared fetch answer could not be read');
}

/** The failure as every caller sharing it sees it: the same code, message, details and Retry-After. */
export const asError = (failure: SharedFailure): GatewayError =>
  new GatewayError(failure.code, failure.message, { details: failure.details, retryAfter: failure.retryAfter });
