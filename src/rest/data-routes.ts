import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import { GatewayError, isGatewayError } from '../errors.js';
import { authenticate } from '../pipeline/auth.js';
import { validateRequest } from '../pipeline/params.js';
import { runEndpoint, type PipelineDeps } from '../pipeline/run-endpoint.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { billingHeaders } from './billing-headers.js';
import { errorBody, successBody } from './envelope.js';

/** One GET route per catalogue endpoint, plus GET /v1/account. */
export function registerDataRoutes(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps): void {
  for (const endpoint of catalogue.endpoints) {
    app.get(endpoint.path, async (request, reply) => {
      let account: ApiKeyRecord | null = null;
      try {
        account = await authenticate(deps.state.keys, request.headers['x-api-key']);
        const validated = validateRequest(endpoint, request.query as Record<string, unknown>);
        const outcome = await runEndpoint(deps, endpoint, validated, { account, requestId: request.id, signal: abortOnDisconnect(reply) });
        // The result is settled; a failed balance reading must not turn it into an error.
        const usage = await deps.state.ledger.usage(account.id, account.dailyCap).catch(() => null);
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

/** Aborts upstream work when the caller disconnects before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
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
