import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisedRawFields } from '../../src/docs/raw-fields.js';
import { bookshelfCatalogue as catalogue, startBookshelfHarness } from '../support/bookshelf-harness.js';
import type { Harness } from '../support/gateway.js';

/**
 * The published documents of a gateway serving the registered families and the test family
 * (test/families/bookshelf), whose endpoints stand for any family's; what one real family's
 * endpoints publish is tested in that family's folder.
 */

const FLAGS = [
  'x-credit-cost',
  'x-render-credit-multiplier',
  'x-cacheable',
  'x-batchable',
  'x-requires-residential-proxy',
  'x-subscribable',
  'x-experimental',
  'x-parameter-constraints',
];

describe('/openapi.json and /llms.txt', () => {
  let harness: Harness;
  let document: Record<string, any>;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
    document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>;
  });
  afterAll(() => harness.close());

  it('is a valid OpenAPI 3.1 document, version 0.1.0', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.info.version).toBe('0.1.0');
  });

  it('publishes every x- flag of spec section 1 on every data operation', () => {
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      if (
        !path.startsWith('/v1/') ||
        path === '/v1/account' ||
        path === '/v1/resolve/forms' ||
        path.startsWith('/v1/jobs') ||
        path.startsWith('/v1/subscriptions')
      )
        continue;
      for (const flag of FLAGS) expect(item.get, `${path} ${flag}`).toHaveProperty(flag);
      expect(item.get['x-render-credit-multiplier']).toBe(3);
    }
  });

  it('lists exactly the routes the server answers', () => {
    const documented = Object.entries<Record<string, unknown>>(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const served = harness.gateway.routes
      .filter((route) => route.method !== 'OPTIONS')
      // Fastify writes path parameters as :id, OpenAPI as {id}.
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(served).toEqual(documented);
  });

  it('derives parameters from the zod schemas, including the common options', () => {
    const parameters = document.paths['/v1/bookshelf/shelf'].get.parameters as {
      name: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.shelf!.required).toBe(true);
    expect(byName.limit!.schema).toMatchObject({ minimum: 1, maximum: 20, default: 10 });
    expect(byName.sort!.schema.enum).toEqual(['catalogue', 'title', 'pages']);
    expect(byName).toHaveProperty('cache_max_age');
    expect(byName).toHaveProperty('include_raw');
  });

  it('types every raw field an endpoint documentation names, as the endpoint declares it', () => {
    for (const endpoint of catalogue.endpoints) {
      const raw = document.paths[endpoint.path].get.responses['200'].content['application/json'].schema.properties.raw;
      for (const name of promisedRawFields(endpoint)) {
        expect(Object.keys(endpoint.raw?.shape ?? {}), `${endpoint.path} names raw.${name}: declare it in the endpoint's raw`).toContain(
          name,
        );
        expect(Object.keys(raw.properties[name]), `${endpoint.path} raw.${name}`).not.toEqual([]);
      }
      if (endpoint.raw) expect(raw.additionalProperties, endpoint.path).toBe(true);
    }
  });

  it('serves llms.txt naming every endpoint and its GraphQL field', async () => {
    const text = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    const paths = Object.keys(document.paths).filter((each) => each.startsWith('/v1/bookshelf/'));
    expect(paths.sort()).toEqual(['/v1/bookshelf/book', '/v1/bookshelf/shelf']);
    for (const path of paths) {
      expect(text).toContain(`GET ${path} (GraphQL: ${document.paths[path].get.operationId})`);
    }
  });
});
