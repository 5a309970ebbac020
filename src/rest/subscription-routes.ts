import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError } from '../errors.js';
import { authenticate } from '../pipeline/auth.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { ApiKeyRecord } from '../state/ports.js';
import type { SubscriptionService } from '../subscriptions/service.js';
import { sendError } from './data-routes.js';

/** POST, GET (list and one) and DELETE /v1/subscriptions (contract section 7). */
export function registerSubscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionService, deps: Pick<PipelineDeps, 'state'>): void {
  /** Authenticates, runs `work`, and renders its answer or any failure as the envelope. */
  const handle =
    <R extends FastifyRequest>(work: (account: ApiKeyRecord, request: R) => Promise<{ status: number; data: unknown }>) =>
    async (request: R, reply: FastifyReply) => {
      let account: ApiKeyRecord | null = null;
      try {
        account = await authenticate(deps.state.keys, request.headers['x-api-key'], request);
        const { status, data } = await work(account, request);
        return reply.code(status).type('application/json').send({ success: true, data, meta: { creditsCharged: 0 } });
      } catch (error) {
        return sendError(reply, request, error, account, deps);
      }
    };

  app.post('/v1/subscriptions', handle(async (account, request) => ({ status: 201, data: await subscriptions.create(account, request.body) })));
  app.get('/v1/subscriptions', handle(async (account) => ({ status: 200, data: { items: await subscriptions.list(account.id) } })));
  app.get<{ Params: { id: string } }>(
    '/v1/subscriptions/:id',
    handle(async (account, request: FastifyRequest<{ Params: { id: string } }>) => ({ status: 200, data: (await subscriptions.get(account.id, request.params.id)) ?? notFound(request.params.id) })),
  );
  app.delete<{ Params: { id: string } }>(
    '/v1/subscriptions/:id',
    handle(async (account, request: FastifyRequest<{ Params: { id: string } }>) => {
      if (!(await subscriptions.delete(account.id, request.params.id))) notFound(request.params.id);
      return { status: 200, data: { id: request.params.id, deleted: true } };
    }),
  );
}

function notFound(id: string): never {
  throw new GatewayError('not_found', `No subscription ${id.slice(0, 80)} for this API key.`);
}
