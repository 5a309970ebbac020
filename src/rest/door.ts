import type { FastifyInstance } from 'fastify';
import { admitRequest, registerAdmission, type Admission, type AdmissionOptions } from '../admission/index.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { JobService } from '../jobs/service.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { SubscriptionService } from '../subscriptions/service.js';
import { registerAccountRoute } from './account-route.js';
import { registerDataRoutes } from './data-routes.js';
import { RestHitLane, type RouteObserver } from './hit-lane.js';
import { ValidationMemo } from './validation-memo.js';
import { registerResolveRoutes } from './resolve-routes.js';
import { sendRestError } from './errors.js';
import { registerJobRoutes } from './job-routes.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';

/**
 * The REST door (/v1): data routes, jobs, subscriptions and the account, in one Fastify scope
 * that admits its callers (x-api-key; the balance read up front for GETs, whose answers state
 * it) and whose error handler renders every failure, a refused key included, as the error
 * envelope. Routes only throw. Returns the door's lane for cache hits, to put in front of the
 * framework's request handler (src/rest/hit-lane.ts).
 */
export function registerRestDoor(
  server: FastifyInstance,
  services: { catalogue: Catalogue; deps: PipelineDeps; admission: Admission; jobs: JobService; subscriptions: SubscriptionService },
  observeRoute: (path: string) => RouteObserver,
): RestHitLane {
  const memo = new ValidationMemo();
  server.register(async (scope) => {
    registerAdmission(scope, services.admission, REST_ADMISSION);
    scope.setErrorHandler((error, request, reply) => sendRestError(reply, request, error, services.deps.state.ledger));
    registerDataRoutes(scope, services.catalogue, services.deps, memo);
    registerResolveRoutes(scope, services.catalogue, services.deps);
    registerAccountRoute(scope, services.deps);
    registerJobRoutes(scope, services.jobs);
    registerSubscriptionRoutes(scope, services.subscriptions);
  });
  return new RestHitLane({
    catalogue: services.catalogue,
    memo,
    deps: services.deps,
    admit: (request) => admitRequest(services.admission, REST_ADMISSION, request),
    observeRoute,
    log: server.log,
  });
}

const REST_ADMISSION: AdmissionOptions = {
  acceptBearer: false,
  readsBalance: (request) => request.method === 'GET',
  refusals: 'error-handler',
};
