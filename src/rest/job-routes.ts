import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyReplayHeader, ref } from '../docs/http-contracts.js';
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
import { checkedIdempotencyKey } from '../jobs/job-requests.js';
import { DEFAULT_PAGE, MAX_PAGE, type JobService } from '../jobs/service.js';
import { sendServiceAnswer } from './service-answer.js';

const idempotencyKey = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Any unique string (1 to 255 characters). The same key with the same body returns the first job (idempotent-replayed: true) instead of queuing another; with a different body it is 409 idempotency_conflict.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** What each job route takes and answers; the routes below are registered from these. */
export const jobRoutes = {
  create: {
    method: 'post',
    path: '/v1/jobs',
    summary: 'Queue an asynchronous job: {endpoint, params}; 202 with its id and pollUrl. Honours Idempotency-Key.',
    authenticated: true,
    parameters: [idempotencyKey],
    requestBody: { required: true, content: jsonContent(ref('JobRequest')) },
    responses: {
      '202': restSuccess(
        'Queued (or replayed under the same Idempotency-Key). Poll pollUrl.',
        ref('JobCreated'),
        idempotencyReplayHeader(),
      ),
      ...errorResponses(400, 409, ...REST_FAILURES),
    },
  },
  createBatch: {
    method: 'post',
    path: '/v1/jobs/batch',
    summary: 'Queue a batch of 1 to 500 targets of one x-batchable endpoint: {endpoint, targets}. Honours Idempotency-Key.',
    authenticated: true,
    parameters: [idempotencyKey],
    requestBody: { required: true, content: jsonContent(ref('BatchRequest')) },
    responses: {
      '202': restSuccess(
        'Queued (or replayed under the same Idempotency-Key). Poll pollUrl; results are paged.',
        ref('JobCreated'),
        idempotencyReplayHeader(),
      ),
      ...errorResponses(400, 409, ...REST_FAILURES),
    },
  },
  get: {
    method: 'get',
    path: '/v1/jobs/{id}',
    summary: "A job's status, progress, creditsCharged and result (a batch: results paged by cursor and limit).",
    authenticated: true,
    parameters: [
      idParameter('job'),
      {
        in: 'query',
        name: 'cursor',
        required: false,
        description: "a batch: the previous page's pagination.cursor",
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
      {
        in: 'query',
        name: 'limit',
        required: false,
        description: `a batch: targets per page (1-${MAX_PAGE}, default ${DEFAULT_PAGE})`,
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE },
      },
    ],
    responses: {
      '200': restSuccess('The job with its result, or the batch with one page of results.', ref('Job')),
      ...errorResponses(400, 404, ...REST_FAILURES),
    },
  },
  cancel: {
    method: 'delete',
    path: '/v1/jobs/{id}',
    summary: 'Cancel a queued or running job; targets already finished keep their results and charges.',
    authenticated: true,
    parameters: [idParameter('job')],
    responses: {
      '200': restSuccess('The job after cancelling (a finished job unchanged).', ref('Job')),
      ...errorResponses(404, ...REST_FAILURES),
    },
  },
} satisfies Record<string, RouteContract>;

/** POST /v1/jobs, POST /v1/jobs/batch, GET and DELETE /v1/jobs/{id}. */
export function registerJobRoutes(app: FastifyInstance, jobs: JobService): void {
  const create = (kind: 'job' | 'batch') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { account } = admittedCaller(request);
    const created = await jobs.create(account, kind, request.body, idempotencyKeyOf(request));
    if (created.replayed) reply.header('idempotent-replayed', 'true');
    return sendServiceAnswer(reply, 202, created.view);
  };
  app.route({ ...routeOf(jobRoutes.create), handler: create('job') });
  app.route({ ...routeOf(jobRoutes.createBatch), handler: create('batch') });

  app.route<{ Params: { id: string }; Querystring: { cursor?: string; limit?: string } }>({
    ...routeOf(jobRoutes.get),
    handler: async (request, reply) => {
      const { account } = admittedCaller(request);
      const { cursor, limit, ...unknown } = request.query;
      const extra = Object.keys(unknown);
      if (extra.length > 0)
        throw new GatewayError('invalid_request', `Unknown parameter \`${extra[0]}\`; this route accepts cursor, limit.`, {
          details: { param: extra[0] },
        });
      const view = await jobs.get(account, request.params.id, cursor, limit === undefined ? undefined : Number(limit));
      return sendServiceAnswer(reply, 200, view);
    },
  });

  app.route<{ Params: { id: string } }>({
    ...routeOf(jobRoutes.cancel),
    handler: async (request, reply) => {
      const { account } = admittedCaller(request);
      const view = await jobs.cancel(account, request.params.id);
      return sendServiceAnswer(reply, 200, view);
    },
  });
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key === undefined ? null : checkedIdempotencyKey(key, 'Idempotency-Key');
}
