import type { FastifyReply } from 'fastify';

/** A service route's success: `data` in the envelope, nothing charged (jobs and subscriptions charge when they run). */
export function sendServiceAnswer(reply: FastifyReply, status: number, data: unknown): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send({ success: true, data, meta: { creditsCharged: 0 } });
}
