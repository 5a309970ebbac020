import { ERROR_STATUS, GatewayError, type ErrorCode } from '../errors.js';
import type { JsonSchema } from './json-schemas.js';

/**
 * The HTTP side of the published contract: response headers, and one error response per status
 * whose `error.code` is limited to the codes src/errors.ts maps to that status.
 */

export const ref = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` });

/** Response headers (inlined where used, so `required` can be said of each). */
const headerComponents: Record<string, JsonSchema> = {
  XRequestId: {
    description: "The request's id (the caller's x-request-id when it is safe, else a new UUID); quote it when reporting a problem.",
    schema: { type: 'string' },
  },
  XCreditsCharged: {
    description: 'Credits this call charged (0 on a cache hit, an empty result or any error).',
    schema: { type: 'integer', minimum: 0 },
  },
  XCreditsRemaining: {
    description: "The key's balance after this call; absent when the balance could not be read.",
    schema: { type: 'integer' },
  },
  RateLimit: {
    description:
      'IETF RateLimit field: the policy that binds first, e.g. `"burst";r=599;t=60` (requests remaining, seconds to reset) or `"daily";r=1;t=3600` near the daily cap.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description:
      'IETF RateLimit-Policy field: the daily cap when the key has one and the per-minute burst quota, e.g. `"daily";q=1000;w=86400, "burst";q=600;w=60`.',
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying (429 and 503).', schema: { type: 'integer', minimum: 0 } },
  IdempotentReplayed: {
    description:
      'Present (true) when an Idempotency-Key matched an earlier identical request: the first job is returned, nothing new is queued.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const headerRef = (id: string): JsonSchema => ({ ...headerComponents[id]! });

/** Headers every response carries. */
export const alwaysHeaders = (): JsonSchema => ({ 'x-request-id': { ...headerRef('XRequestId'), required: true } });

/** Headers of a rate-limited door (/v1, /graphql): present once the key is known. */
export const rateLimitHeaders = (): JsonSchema => ({ RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimitPolicy') });

/** Balance headers of the REST door; `charged` when every answer of the route carries x-credits-charged. */
export const creditHeaders = (charged: boolean): JsonSchema => ({
  'x-credits-charged': charged ? { ...headerRef('XCreditsCharged'), required: true } : headerRef('XCreditsCharged'),
  'x-credits-remaining': headerRef('XCreditsRemaining'),
});

export const retryAfterHeader = (): JsonSchema => ({ 'Retry-After': headerRef('RetryAfter') });

export const idempotencyReplayHeader = (): JsonSchema => ({ 'idempotent-replayed': headerRef('IdempotentReplayed') });

/** Codes answered with `status`, from the one table that decides statuses. */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).filter(([, each]) => each === status).map(([code]) => code);
}

/** Every status an error can have, ascending. */
export const errorStatuses = (): number[] => [...new Set<number>(Object.values(ERROR_STATUS))].sort((a, b) => a - b);

/** What each error status means to a caller. */
const STATUS_MEANING: Record<number, string> = {
  400: 'Bad, missing or unknown parameter or body field (error.details.param names it).',
  401: 'No key, an unknown key or a revoked key (x-api-key header).',
  402: 'The key is valid, its balance is not enough for this call.',
  403: 'A publishable key (pk_) used outside its rules: another Origin, a query text instead of a trusted document, or a route other than POST /graphql and /graphql/stream; the message names the rule. Nothing fetched.',
  404: 'No such job, subscription or route for this key.',
  409: 'This Idempotency-Key was used with a different request body.',
  429: 'Daily cap reached, more requests per minute than the key may send, or the platform is rate limiting (Retry-After).',
  500: 'Something failed on our side; nothing was charged.',
  501: 'This deployment lacks the proxy, provider or credentials the endpoint needs.',
  502: 'The platform blocked the request or answered in a shape that could not be read.',
  503: 'The state store is unreachable, or the gateway is too busy to start the request (Retry-After).',
  504: 'The platform did not answer in time.',
};

/** Name of the response component for an error status, e.g. Error429. */
export const errorResponseName = (status: number): string => `Error${status}`;
export const errorResponseRef = (status: number): JsonSchema => ({ $ref: `#/components/responses/${errorResponseName(status)}` });

/** One response component per error status: the error envelope, its codes, and the headers such an answer may carry. */
export function errorResponseComponents(): Record<string, JsonSchema> {
  return Object.fromEntries(
    errorStatuses().map((status) => {
      const codes = codesWithStatus(status);
      const retryable = codes.filter((code) => new GatewayError(code, '').retryable);
      const retry = status === 429 || status === 503 ? retryAfterHeader() : {};
      return [
        errorResponseName(status),
        {
          description: `${STATUS_MEANING[status] ?? ''} Codes: ${codes.join(', ')}${retryable.length > 0 ? ` (retryable: ${retryable.join(', ')})` : ''}. Never charged.`,
          headers: { ...alwaysHeaders(), ...retry, ...creditHeaders(false), ...rateLimitHeaders() },
          content: {
            'application/json': {
              schema: {
                allOf: [
                  ref('ErrorEnvelope'),
                  { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } },
                ],
              },
            },
          },
        },
      ];
    }),
  );
}

/** A GraphQL-over-HTTP answer, in both media types the door serves (chosen by the Accept header). */
export const graphqlContent = (): JsonSchema => ({
  'application/graphql-response+json': { schema: ref('GraphQLResponse') },
  'application/json': { schema: ref('GraphQLResponse') },
});
