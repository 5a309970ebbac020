import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import { GatewayError, isGatewayError } from '../errors.js';
import { authenticate } from '../pipeline/auth.js';
import { mayServeFromCache, runEndpoint, type CallContext, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { AccountUsage, ApiKeyRecord } from '../state/ports.js';
import { billingHeaders } from './billing-headers.js';
import { errorBody, successBody } from './envelope.js';
import { ValidationMemo } from './validation-memo.js';

/** One GET route per catalogue endpoint, plus GET /v1/account. */
export function registerDataRoutes(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps): void {
  const memo = new ValidationMemo();
  for (const endpoint of catalogue.endpoints) {
    app.get(endpoint.path, async (request, reply) => {
      let account: ApiKeyRecord | null = null;
      try {
        account = await authenticate(deps.state.keys, request.headers['x-api-key']);
        const validated = memo.validate(endpoint, request.raw.url, request.query as Record<string, unknown>);
        // A cache hit charges nothing, so a balance read alongside the cache lookup is as true as one
        // after it, and saves a store round trip on the hot path. Only asked when a hit is possible.
        const early = mayServeFromCache(endpoint, validated) ? readUsage(deps, account) : null;
        let signal: AbortSignal | undefined;
        // Lazy: only a live fetch reads the signal, so a cache hit never pays for a controller and a listener.
        const call: CallContext = { account, requestId: request.id, get signal() { return (signal ??= abortOnDisconnect(reply)); } };
        const outcome = await runEndpoint(deps, endpoint, validated, call);
        // A live result moved the balance: read it after the charge was settled.
        const usage = outcome.cached && early ? await early : await readUsage(deps, account);
        return reply.code(200).headers(billingHeaders(outcome.creditsCharged, usage)).type('application/json').send(successBody(outcome));
      } catch (error) {
        return sendError(reply, request, error, account, deps);
      }
    });
  }

  app.get('/v1/account', async (request, reply) => {
    try {
      const account = await authenticate(deps.state.keys, request.headers['x-api-key']);
      const [usage, recent] = await Promise.all([deps.state.ledger.usage(account.id, account.dailyCap), deps.state.ledger.history(account.id, 20)]);
      const body = { success: true, data: { accountId: account.id, ...usage, recentUsage: recent }, meta: { creditsCharged: 0 } };
      return reply.code(200).headers(billingHeaders(0, usage)).send(body);
    } catch (error) {
      return sendError(reply, request, error, null, deps);
    }
  });
}

/** The result is settled before the balance is read: a failed reading must not turn it into an error. */
function readUsage(deps: PipelineDeps, account: ApiKeyRecord): Promise<AccountUsage | null> {
  return deps.state.ledger.usage(account.id, account.dailyCap).catch(() => null);
}

/** Aborts upstream work when the caller disconnects before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // Asked for late (lazily): the caller may already have gone.
  if (reply.raw.destroyed && !reply.raw.writableFinished) controller.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Renders any failure as the error envelope; unexpected ones are logged and become a 500 without internals. */
export async function sendError(reply: FastifyReply, request: FastifyRequest, error: unknown, account: ApiKeyRecord | null, deps: Pick<PipelineDeps, 'state'>): Promise<FastifyReply> {
  const failure = isGatewayError(error) ? error : new GatewayError('internal_error', 'Something went wrong on our side; nothing was charged.');
  if (!isGatewayError(error)) request.log.error({ err: error }, 'unexpected error');
  if (failure.retryAfter !== undefined) reply.header('retry-after', String(failure.retryAfter));
  if (account) reply.headers(billingHeaders(0, await deps.state.ledger.usage(account.id, account.dailyCap).catch(() => null)));
  return reply.code(failure.status).type('application/json').send(errorBody(failure));
}
