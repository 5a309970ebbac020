import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../errors.js';
import { errorBody } from '../render/envelope.js';
import { errorResponseRef } from './http-contracts.js';
import { plainAnswer, routeOf, type RouteContract } from './route-contract.js';

/**
 * GET /docs: the API reference, rendered in the browser by Swagger UI from /openapi.json.
 * Swagger UI's files are served from the installed swagger-ui-dist package (never a CDN), so
 * the page works offline; only the files the page uses are reachable.
 */

// The package's directory, without loading its index (which evaluates the whole browser bundle: about 10 MB of heap).
const swaggerUiDirectory: string = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The Swagger UI files /docs loads, and nothing else of the package. */
export const API_REFERENCE_ASSETS: ReadonlySet<string> = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
]);

function page(apiKey: string | undefined): string {
  // The demo's key is put in place so "Try it out" works at once; JSON keeps it inert in the script.
  const preauthorize = apiKey
    ? `onComplete: () => window.ui.preauthorizeApiKey('apiKey', ${JSON.stringify(apiKey).replace(/</g, '\\u003c')}),`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Public data gateway: API reference</title>
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>body { margin: 0 } .topbar { display: none }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      // Swagger UI would otherwise send the document to an online validator.
      validatorUrl: null,
      persistAuthorization: true,
      tryItOutEnabled: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      layout: 'BaseLayout',
      ${preauthorize}
    });
  </script>
</body>
</html>
`;
}

/** What the reference's two routes answer; they are registered from these. */
export const apiReferenceRoutes = {
  page: {
    method: 'get',
    path: '/docs',
    summary: 'API reference: this document rendered by Swagger UI (served from the package, works offline).',
    authenticated: false,
    responses: { '200': plainAnswer('The API reference page.', 'text/html') },
  },
  asset: {
    method: 'get',
    path: '/docs/assets/{file}',
    summary: `The Swagger UI files the /docs page loads (${[...API_REFERENCE_ASSETS].join(', ')}).`,
    authenticated: false,
    parameters: [{ in: 'path', name: 'file', required: true, schema: { type: 'string' } }],
    responses: { '200': plainAnswer('The file.', '*/*'), '404': errorResponseRef(404) },
  },
} satisfies Record<string, RouteContract>;

/** Registers GET /docs and GET /docs/assets/:file; `apiKey` (the demo's) is filled in for "Try it out". */
export function registerApiReference(server: FastifyInstance, settings: { apiKey?: string | undefined } = {}): void {
  const html = page(settings.apiKey);
  server.register(async (scope) => {
    await scope.register(fastifyStatic, { root: swaggerUiDirectory, serve: false });
    scope.route({
      ...routeOf(apiReferenceRoutes.page),
      handler: async (_request, reply) => reply.type('text/html; charset=utf-8').send(html),
    });
    scope.route<{ Params: { file: string } }>({
      ...routeOf(apiReferenceRoutes.asset),
      handler: async (request, reply) => {
        if (!API_REFERENCE_ASSETS.has(request.params.file)) {
          return reply
            .code(404)
            .type('application/json')
            .send(errorBody(new GatewayError('not_found', `No asset ${request.params.file}; see /docs.`)));
        }
        return reply.sendFile(request.params.file, { maxAge: '1d' });
      },
    });
  });
}
