import type { FastifyInstance } from 'fastify';
import { registerAdmission, type Admission } from '../admission/index.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { JobService } from '../jobs/service.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { SubscriptionService } from '../subscriptions/service.js';
import { registerAccountRoute } from './account-route.js';
import { registerDataRoutes } from './data-routes.js';
import { registerResolveRoutes } from './resolve-routes.js';
import { sendRestError } from './errors.js';
import { registerJobRoutes } from './job-routes.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';

/**
 * The REST door (/v1): data routes, jobs, subscriptions and the account, in one Fastify scope
 * that admits its callers (x-api-key; the balance read up front for GETs, whose answers state
 * it) and whose error handler renders every failure, a refused key included, as the error
 * envelope. Routes only throw.
 */
export function registerRestDoor(
  server: FastifyInstance,
  services: { catalogue: Catalogue; deps: PipelineDeps; admission: Admission; jobs: JobService; subscriptions: SubscriptionService },
): void {
  server.register(async (scope) => {
    registerAdmission(scope, services.admission, {
      acceptBearer: false,
      readsBalance: (request) => request.method === 'GET',
      refusals: 'error-handler',
    });
    scope.setErrorHandler((error, request, reply) => sendRestError(reply, request, error, services.deps.state.ledger));
    registerDataRoutes(scope, services.catalogue, services.deps);
    registerResolveRoutes(scope, services.catalogue, services.deps);
    registerAccountRoute(scope, services.deps);
    registerJobRoutes(scope, services.jobs);
    registerSubscriptionRoutes(scope, services.subscriptions);
  });
}
