import type { FastifyInstance } from 'fastify';
import { plainAnswer, routeOf, type RouteContract } from './route-contract.js';

/** What the two machine-readable descriptions answer; they are registered from these. */
export const documentRoutes = {
  openApi: {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document.',
    authenticated: false,
    responses: { '200': plainAnswer('This document.', 'application/json', { type: 'object' }) },
  },
  llmsTxt: {
    method: 'get',
    path: '/llms.txt',
    summary: 'Plain-text catalogue of the endpoints.',
    authenticated: false,
    responses: { '200': plainAnswer('The plain-text catalogue.', 'text/plain') },
  },
} satisfies Record<string, RouteContract>;

/** GET /openapi.json and GET /llms.txt, served as built once at start. */
export function registerDocumentRoutes(server: FastifyInstance, documents: { openApi: string; llmsTxt: string }): void {
  server.route({
    ...routeOf(documentRoutes.openApi),
    handler: async (_request, reply) => reply.type('application/json').send(documents.openApi),
  });
  server.route({
    ...routeOf(documentRoutes.llmsTxt),
    handler: async (_request, reply) => reply.type('text/plain; charset=utf-8').send(documents.llmsTxt),
  });
}
