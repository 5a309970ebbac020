/**
 * Every failure the gateway renders is a GatewayError with one of the codes below
 * (plus the contract's additions). Doors only render them; nothing else decides a status.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  revoked_api_key: 401,
  insufficient_credits: 402,
  /** Beyond the published specification: a publishable key (pk_) used where its rules do not serve it; the message names the rule. */
  forbidden: 403,
  not_found: 404,
  idempotency_conflict: 409,
  daily_cap_exceeded: 429,
  /** Beyond the published specification: the per-key request rate (RATE_LIMIT_PER_MINUTE) was exceeded. */
  rate_limited: 429,
  upstream_rate_limited: 429,
  internal_error: 500,
  not_configured: 501,
  upstream_blocked: 502,
  upstream_schema_drift: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const RETRYABLE: ReadonlySet<ErrorCode> = new Set([
  'daily_cap_exceeded',
  'rate_limited',
  'upstream_rate_limited',
  'upstream_blocked',
  'upstream_timeout',
  'service_unavailable',
  'internal_error',
]);

export interface GatewayErrorOptions {
  details?: Record<string, unknown>;
  /** Seconds; rendered as a Retry-After header on 429 and 503. */
  retryAfter?: number;
  cause?: unknown;
}

export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

export const isGatewayError = (value: unknown): value is GatewayError => value instanceof GatewayError;

/** The upstream's output could not be read as expected. */
export const schemaDrift = (message: string, details?: Record<string, unknown>): GatewayError =>
  new GatewayError('upstream_schema_drift', message, { details });

/** Caller input that fails a rule zod cannot express. */
export const invalidParam = (param: string, message: string): GatewayError =>
  new GatewayError('invalid_request', message, { details: { param } });
