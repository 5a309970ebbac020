import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ref } from '../docs/http-contracts.js';
import {
  errorResponses,
  idParameter,
  jsonContent,
  REST_FAILURES,
  restSuccess,
  routeOf,
  type RouteContract,
} from '../docs/route-contract.js';
import { admittedCaller } from '../admission/index.js';
import { GatewayError } from '../errors.js';
import type { ApiKeyRecord } from '../state/ports.js';
import { CHANGE_COST } from '../subscriptions/check.js';
import type { SubscriptionService } from '../subscriptions/service.js';
import { sendServiceAnswer } from './service-answer.js';

/** What each subscription route takes and answers; the routes below are registered from these. */
export const subscriptionRoutes = {
  create: {
    method: 'post',
    path: '/v1/subscriptions',
    summary: `Watch an x-subscribable endpoint: {endpoint, params, webhookUrl, intervalSeconds}; 201 with its id and signing secret (shown once). Checks are free; each delivered change costs ${CHANGE_COST} credit.`,
    authenticated: true,
    requestBody: { required: true, content: jsonContent(ref('SubscriptionRequest')) },
    responses: {
      '201': restSuccess('Created; the signing secret is shown this once.', ref('SubscriptionCreated')),
      ...errorResponses(400, 501, ...REST_FAILURES),
    },
  },
  list: {
    method: 'get',
    path: '/v1/subscriptions',
    summary: "The caller's change subscriptions.",
    authenticated: true,
    responses: { '200': restSuccess("The caller's subscriptions.", ref('SubscriptionList')), ...errorResponses(...REST_FAILURES) },
  },
  get: {
    method: 'get',
    path: '/v1/subscriptions/{id}',
    summary: 'A subscription: status, lastCheckedAt, lastChangedAt, hash and recent webhook delivery attempts.',
    authenticated: true,
    parameters: [idParameter('subscription')],
    responses: {
      '200': restSuccess('The subscription (never its secret).', ref('Subscription')),
      ...errorResponses(404, ...REST_FAILURES),
    },
  },
  delete: {
    method: 'delete',
    path: '/v1/subscriptions/{id}',
    summary: 'Stop a subscription: no more checks, charges or deliveries.',
    authenticated: true,
    parameters: [idParameter('subscription')],
    responses: { '200': restSuccess('Deleted.', ref('SubscriptionDeleted')), ...errorResponses(404, ...REST_FAILURES) },
  },
} satisfies Record<string, RouteContract>;

type ById = FastifyRequest<{ Params: { id: string } }>;

/** POST, GET (list and one) and DELETE /v1/subscriptions. */
export function registerSubscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionService): void {
  /** Authenticates and renders `work`'s answer as the envelope (failures go to the door's error handler). */
  const handle =
    <R extends FastifyRequest>(work: (account: ApiKeyRecord, request: R) => Promise<{ status: number; data: unknown }>) =>
    async (request: R, reply: FastifyReply) => {
      const { account } = admittedCaller(request);
      const { status, data } = await work(account, request);
      return sendServiceAnswer(reply, status, data);
    };

  app.route({
    ...routeOf(subscriptionRoutes.create),
    handler: handle(async (account, request) => ({ status: 201, data: await subscriptions.create(account, request.body) })),
  });
  app.route({
    ...routeOf(subscriptionRoutes.list),
    handler: handle(async (account) => ({ status: 200, data: { items: await subscriptions.list(account.id) } })),
  });
  app.route<{ Params: { id: string } }>({
    ...routeOf(subscriptionRoutes.get),
    handler: handle(async (account, request: ById) => ({
      status: 200,
      data: (await subscriptions.get(account.id, request.params.id)) ?? notFound(request.params.id),
    })),
  });
  app.route<{ Params: { id: string } }>({
    ...routeOf(subscriptionRoutes.delete),
    handler: handle(async (account, request: ById) => {
      if (!(await subscriptions.delete(account.id, request.params.id))) notFound(request.params.id);
      return { status: 200, data: { id: request.params.id, deleted: true } };
    }),
  });
}

function notFound(id: string): never {
  throw new GatewayError('not_found', `No subscription ${id.slice(0, 80)} for this API key.`);
}
