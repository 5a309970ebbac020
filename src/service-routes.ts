import { apiReferenceRoutes } from './docs/api-reference.js';
import { documentRoutes } from './docs/document-routes.js';
import { graphqlRoutes } from './docs/graphql-routes.js';
import type { RouteContract } from './docs/route-contract.js';
import { mcpRoutes } from './mcp/door.js';
import { probeRoutes } from './probes.js';
import { accountRoute } from './rest/account-route.js';
import { jobRoutes } from './rest/job-routes.js';
import { resolveFormsRoute } from './rest/resolve-routes.js';
import { subscriptionRoutes } from './rest/subscription-routes.js';

/**
 * Every route besides the data endpoints, in the order /openapi.json and /llms.txt list them.
 * Each contract is declared beside its handler, which is registered from it; test/docs checks
 * that this list and the routes the server answers are the same.
 */
export const serviceRoutes: readonly RouteContract[] = [
  accountRoute,
  resolveFormsRoute,
  ...Object.values(jobRoutes),
  ...Object.values(subscriptionRoutes),
  ...graphqlRoutes,
  ...Object.values(mcpRoutes),
  documentRoutes.openApi,
  ...Object.values(apiReferenceRoutes),
  documentRoutes.llmsTxt,
  ...Object.values(probeRoutes),
];
