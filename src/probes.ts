import type { FastifyInstance } from 'fastify';
import { ref } from './docs/http-contracts.js';
import { plainAnswer, routeOf, type RouteContract } from './docs/route-contract.js';

/** What the operators' routes answer; they are registered from these. */
export const probeRoutes = {
  health: {
    method: 'get',
    path: '/healthz',
    summary: 'Liveness.',
    authenticated: false,
    responses: { '200': plainAnswer('The process is up.', 'application/json', ref('Health')) },
  },
  readiness: {
    method: 'get',
    path: '/readyz',
    summary: 'Readiness: state store reachable.',
    authenticated: false,
    responses: {
      '200': plainAnswer('Ready.', 'application/json', ref('Readiness')),
      '503': plainAnswer('The state store is unreachable.', 'application/json', ref('Readiness')),
    },
  },
  metrics: {
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics.',
    authenticated: false,
    responses: { '200': plainAnswer('Prometheus text format.', 'text/plain') },
  },
} satisfies Record<string, RouteContract>;

/** GET /healthz, /readyz and /metrics: liveness, the state store's readiness, and the Prometheus registry. */
export function registerProbes(
  server: FastifyInstance,
  probes: { ready(): Promise<boolean>; metrics(): Promise<{ contentType: string; text: string }> },
): void {
  server.route({ ...routeOf(probeRoutes.health), handler: async () => ({ status: 'ok' }) });
  server.route({
    ...routeOf(probeRoutes.readiness),
    handler: async (_request, reply) => {
      const ready = await probes.ready().catch(() => false);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
    },
  });
  server.route({
    ...routeOf(probeRoutes.metrics),
    handler: async (_request, reply) => {
      const { contentType, text } = await probes.metrics();
      return reply.type(contentType).send(text);
    },
  });
}
