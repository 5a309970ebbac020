import type { FastifyInstance } from 'fastify';
import { ref } from '../docs/http-contracts.js';
import { errorResponses, REST_FAILURES, restSuccess, routeOf, type RouteContract } from '../docs/route-contract.js';
import { admittedCaller } from '../admission/index.js';
import { readAccount } from '../pipeline/account.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { billingHeaders } from './billing-headers.js';
import { sendServiceAnswer } from './service-answer.js';

/** What GET /v1/account answers; the route is registered from it. */
export const accountRoute = {
  method: 'get',
  path: '/v1/account',
  summary: "The caller's balance, today's use (UTC day), daily cap and recent charges.",
  authenticated: true,
  responses: {
    '200': restSuccess("The caller's balance, today's use, daily cap and newest 20 usage entries.", ref('Account')),
    ...errorResponses(...REST_FAILURES),
  },
} satisfies RouteContract;

/** GET /v1/account: the caller's account, with the balance headers every /v1 answer carries. */
export function registerAccountRoute(app: FastifyInstance, deps: Pick<PipelineDeps, 'state'>): void {
  app.route({
    ...routeOf(accountRoute),
    handler: async (request, reply) => {
      const { account } = admittedCaller(request);
      const { usage, view } = await readAccount(deps.state, account);
      return sendServiceAnswer(reply.headers(billingHeaders(0, usage)), 200, view);
    },
  });
}
