import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { promisedRawFields } from '../../src/docs/raw-fields.js';
import { startHarness, type Harness } from '../support/gateway.js';

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
    harness = await startHarness();
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
    const parameters = document.paths['/v1/forum/subreddit'].get.parameters as {
      name: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.subreddit!.required).toBe(true);
    expect(byName.limit!.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(byName.sort!.schema.enum).toEqual(['hot', 'new', 'top', 'rising', 'controversial']);
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
    const comments = document.paths['/v1/forum/post/comments'].get.responses['200'].content['application/json'].schema.properties.raw;
    expect(comments.properties.totalComments).toMatchObject({ type: ['number', 'null'] });
    expect(comments.required).toBeUndefined();
  });

  it('serves llms.txt naming every endpoint and its GraphQL field', async () => {
    const text = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    for (const path of Object.keys(document.paths).filter((each) => each.startsWith('/v1/forum'))) {
      expect(text).toContain(`GET ${path} (GraphQL: ${document.paths[path].get.operationId})`);
    }
  });
});
