import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { JobService } from '../jobs/service.js';
import { authenticate } from '../pipeline/auth.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { ApiKeyRecord, Keys } from '../state/ports.js';
import type { SubscriptionService } from '../subscriptions/service.js';
import { registerAccountRoute } from './account-route.js';
import { registerDataRoutes } from './data-routes.js';
import { sendRestError } from './errors.js';
import { registerJobRoutes } from './job-routes.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';

/** Authenticates a REST request once and remembers the account for the error answer's balance headers. */
export async function authenticateRest(keys: Keys, request: FastifyRequest): Promise<ApiKeyRecord> {
  const account = await authenticate(keys, request.headers['x-api-key'], request);
  request.restAccount = account;
  return account;
}

/**
 * The REST door (/v1): data routes, jobs, subscriptions and the account, in one Fastify scope
 * whose error handler renders every failure as the error envelope. Routes only throw.
 */
export function registerRestDoor(
  server: FastifyInstance,
  services: { catalogue: Catalogue; deps: PipelineDeps; jobs: JobService; subscriptions: SubscriptionService },
): void {
  server.register(async (scope) => {
    scope.decorateRequest('restAccount', null);
    scope.setErrorHandler((error, request, reply) => sendRestError(reply, request, error, services.deps.state.ledger));
    registerDataRoutes(scope, services.catalogue, services.deps);
    registerAccountRoute(scope, services.deps);
    registerJobRoutes(scope, services.jobs, services.deps);
    registerSubscriptionRoutes(scope, services.subscriptions, services.deps);
  });
}
