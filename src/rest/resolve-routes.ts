import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import { ref } from '../docs/http-contracts.js';
import { errorResponses, REST_FAILURES, restSuccess, routeOf, type RouteContract } from '../docs/route-contract.js';
import { RESOLVE_PATH, resolveUrl } from '../pipeline/resolve-url.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { answerEndpoint } from './data-routes.js';
import { sendRestError } from './errors.js';
import { sendServiceAnswer } from './service-answer.js';

/** What GET /v1/resolve/forms answers; the route is registered from it. */
export const resolveFormsRoute = {
  method: 'get',
  path: `${RESOLVE_PATH}/forms`,
  summary:
    'Every page URL form the families read (hosts, what it names, an example, the endpoint that serves it): what /v1/resolve takes. Free.',
  authenticated: true,
  responses: {
    '200': restSuccess('The URL forms, family by family.', ref('UrlForms')),
    ...errorResponses(...REST_FAILURES),
  },
} satisfies RouteContract;

/**
 * GET /v1/resolve?url=: the answer of the endpoint that serves the page, billed as it, with
 * `meta.resolved`; GET /v1/resolve/forms: what it reads. A URL no form reads is 400 before any
 * credit is held or anything fetched.
 */
export function registerResolveRoutes(app: FastifyInstance, catalogue: Catalogue, deps: PipelineDeps): void {
  app.get(RESOLVE_PATH, async (request, reply) => {
    const { url, ...options } = request.query as Record<string, unknown>;
    const { endpoint, request: validated } = resolveUrl(catalogue, url, options);
    const resolved = { endpoint: endpoint.path, params: validated.params };
    try {
      return await answerEndpoint(deps, request, reply, endpoint, validated, resolved);
    } catch (error) {
      // A failure of the endpoint a URL was read into names it, as a success does.
      return sendRestError(reply, request, error, deps.state.ledger, undefined, resolved);
    }
  });
  const forms = urlFormsView(catalogue);
  app.route({ ...routeOf(resolveFormsRoute), handler: async (_request, reply) => sendServiceAnswer(reply, 200, forms) });
}

/** The forms as GET /v1/resolve/forms and /llms.txt list them. */
export function urlFormsView(catalogue: Catalogue) {
  const forms = [...new Set([...catalogue.urlForms.values()].flat()), ...catalogue.fallbackUrlForms];
  return {
    hosts: catalogue.urlFormHosts,
    forms: forms.map((form) => ({
      family: form.family,
      names: form.names,
      hosts: form.hosts === 'any' ? [] : form.hosts,
      ...(form.hosts === 'any' ? { anyHost: true } : {}),
      example: form.example,
      endpoint: form.endpoint,
    })),
  };
}
