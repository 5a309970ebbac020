import { describe, expect, it } from 'vitest';
import { routeOf, type RouteContract } from '../../src/docs/route-contract.js';
import { serviceRoutes } from '../../src/service-routes.js';

const contract = (method: RouteContract['method'], path: string): RouteContract => ({
  method,
  path,
  summary: 'test',
  authenticated: true,
  responses: {},
});

describe('route contracts', () => {
  it("register a route under the contract's method and path, Fastify's way", () => {
    expect(routeOf(contract('get', '/v1/jobs/{id}'), contract('delete', '/v1/jobs/{id}'))).toEqual({
      url: '/v1/jobs/:id',
      method: ['GET', 'DELETE'],
    });
  });

  it('refuse to register contracts of two paths as one route', () => {
    expect(() => routeOf(contract('get', '/v1/jobs'), contract('get', '/v1/jobs/{id}'))).toThrow(/one path/);
  });

  it('are listed once each', () => {
    const operations = serviceRoutes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(operations).size).toBe(operations.length);
  });
});
