import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admittedCaller } from '../admission/index.js';
import { GatewayError } from '../errors.js';
import type { ApiKeyRecord } from '../state/ports.js';
import type { SubscriptionService } from '../subscriptions/service.js';

/** POST, GET (list and one) and DELETE /v1/subscriptions. */
export function registerSubscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionService): void {
  /** Runs `work` as the admitted caller and renders its answer as the envelope (failures go to the door's error handler). */
  const handle =
    <R extends FastifyRequest>(work: (account: ApiKeyRecord, request: R) => Promise<{ status: number; data: unknown }>) =>
    async (request: R, reply: FastifyReply) => {
      const { account } = admittedCaller(request);
      const { status, data } = await work(account, request);
      return reply
        .code(status)
        .type('application/json')
        .send({ success: true, data, meta: { creditsCharged: 0 } });
    };

  app.post(
    '/v1/subscriptions',
    handle(async (account, request) => ({ status: 201, data: await subscriptions.create(account, request.body) })),
  );
  app.get(
    '/v1/subscriptions',
    handle(async (account) => ({ status: 200, data: { items: await subscriptions.list(account.id) } })),
  );
  app.get<{ Params: { id: string } }>(
    '/v1/subscriptions/:id',
    handle(async (account, request: FastifyRequest<{ Params: { id: string } }>) => ({
      status: 200,
      data: (await subscriptions.get(account.id, request.params.id)) ?? notFound(request.params.id),
    })),
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
