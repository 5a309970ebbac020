import type { FastifyInstance } from 'fastify';
import { ref } from '../docs/http-contracts.js';
import { errorResponses, REST_FAILURES, restSuccess, routeOf, type RouteContract } from '../docs/route-contract.js';
import { admittedCaller } from '../admission/index.js';
import { readAccount } from '../pipeline/account.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { billingHeaders } from './billing-headers.js';
import { sendServiceAnswer } from './service-answer.js';
import { invalidParam } from '../errors.js';

/** Longest request id looked up (the gateway's own ids are far shorter). */
const REQUEST_ID_MAX = 200;

/** What GET /v1/account answers; the route is registered from it. */
export const accountRoute = {
  method: 'get',
  path: '/v1/account',
  summary: "The caller's balance, today's use (UTC day), daily cap and recent charges.",
  authenticated: true,
  parameters: [
    {
      in: 'query',
      name: 'request_id',
      required: false,
      description: "only this request's usage entries (from the newest 1000): empty when it was not charged",
      schema: { type: 'string', minLength: 1, maxLength: REQUEST_ID_MAX },
    },
  ],
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
      const { usage, view } = await readAccount(deps.state, account, requestIdQuery(request.query));
      return sendServiceAnswer(reply.headers(billingHeaders(0, usage)), 200, view);
    },
  });
}

/** The `request_id` query parameter, validated: absent, or one string of bounded length. */
function requestIdQuery(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.request_id;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > REQUEST_ID_MAX) {
    throw invalidParam('request_id', `request_id must be one request id of 1 to ${REQUEST_ID_MAX} characters.`);
  }
  return value;
}
