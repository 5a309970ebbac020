import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, isGatewayError } from '../errors.js';
import { errorBody, shownError, type ResolvedMeta } from '../render/envelope.js';
import type { ApiKeyRecord, Ledger } from '../state/ports.js';
import { billingHeaders } from './billing-headers.js';

/**
 * Any failure as a GatewayError: ours as they are, the framework's verdicts on caller input
 * (bad JSON, an oversized body) as invalid_request, and anything else as a logged 500 that
 * shows no internals.
 */
export function asRestFailure(error: unknown, request: FastifyRequest): GatewayError {
  if (isGatewayError(error)) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new GatewayError('invalid_request', (error as Error).message || 'Bad request.');
  }
  request.log.error({ err: error }, 'unexpected error');
  return shownError(error);
}

/**
 * Renders a failure as the error envelope, with Retry-After and the caller's balance when the
 * admission step found the caller, and `meta.resolved` when a URL was read into the call that failed.
 */
export async function sendRestError(
  reply: FastifyReply,
  request: FastifyRequest,
  error: unknown,
  ledger: Pick<Ledger, 'usage'>,
  account: ApiKeyRecord | null = request.caller?.account ?? null,
  resolved?: ResolvedMeta,
): Promise<FastifyReply> {
  const failure = asRestFailure(error, request);
  if (failure.retryAfter !== undefined) reply.header('retry-after', String(failure.retryAfter));
  if (account) reply.headers(billingHeaders(0, await ledger.usage(account.id, account.dailyCap).catch(() => null)));
  return reply.code(failure.status).type('application/json').send(errorBody(failure, resolved));
}
