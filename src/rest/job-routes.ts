import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admittedCaller } from '../admission/index.js';
import { GatewayError } from '../errors.js';
import { checkedIdempotencyKey } from '../jobs/job-requests.js';
import type { JobService } from '../jobs/service.js';

/** POST /v1/jobs, POST /v1/jobs/batch, GET and DELETE /v1/jobs/{id}. */
export function registerJobRoutes(app: FastifyInstance, jobs: JobService): void {
  const create = (kind: 'job' | 'batch') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = admittedCaller(request);
    const created = await jobs.create(account, kind, request.body, idempotencyKeyOf(request));
    if (created.replayed) reply.header('idempotent-replayed', 'true');
    return reply
      .code(202)
      .type('application/json')
      .send({ success: true, data: created.view, meta: { creditsCharged: 0 } });
  };
  app.post('/v1/jobs', create('job'));
  app.post('/v1/jobs/batch', create('batch'));

  app.get<{ Params: { id: string }; Querystring: { cursor?: string; limit?: string } }>('/v1/jobs/:id', async (request, reply) => {
    const { account } = admittedCaller(request);
    const { cursor, limit, ...unknown } = request.query;
    const extra = Object.keys(unknown);
    if (extra.length > 0)
      throw new GatewayError('invalid_request', `Unknown parameter \`${extra[0]}\`; this route accepts cursor, limit.`, {
        details: { param: extra[0] },
      });
    const view = await jobs.get(account, request.params.id, cursor, limit === undefined ? undefined : Number(limit));
    return reply
      .code(200)
      .type('application/json')
      .send({ success: true, data: view, meta: { creditsCharged: 0 } });
  });

  app.delete<{ Params: { id: string } }>('/v1/jobs/:id', async (request, reply) => {
    const { account } = admittedCaller(request);
    const view = await jobs.cancel(account, request.params.id);
    return reply
      .code(200)
      .type('application/json')
      .send({ success: true, data: view, meta: { creditsCharged: 0 } });
  });
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key === undefined ? null : checkedIdempotencyKey(key, 'Idempotency-Key');
}
