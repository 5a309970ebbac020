import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRequest } from '../../src/pipeline/params.js';
import { bookshelfCatalogue as catalogue, startBookshelfHarness } from '../support/bookshelf-harness.js';
import { type Harness } from '../support/gateway.js';

/** Regressions: what a 400 says must match what was wrong, and the docs' promises must hold. */
describe('parameter messages and cache_max_age', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
  });
  afterAll(() => harness.close());

  it('says a non-numeric limit is not a number, not that it is missing', async () => {
    const response = await harness.get('/v1/bookshelf/shelf?shelf=poetry&limit=abc');
    expect(response.status).toBe(400);
    expect(response.body.error.details.param).toBe('limit');
    expect(response.body.error.message).toContain('expected number');
    expect(response.body.error.message).toContain('"abc"');
    expect(response.body.error.message).not.toContain('required');
  });

  it('still says "is required" for a missing parameter', async () => {
    const response = await harness.get('/v1/bookshelf/shelf');
    expect(response.body.error.message).toBe('Invalid parameter `shelf`: is required.');
  });

  it('words type errors the same way in every door (validateRequest)', () => {
    expect(() => validateRequest(catalogue.byPath.get('/v1/bookshelf/shelf')!, { shelf: 'poetry', limit: 'abc' })).toThrow(
      /expected number/,
    );
  });

  const uncacheable = catalogue.endpoints.filter((endpoint) => !endpoint.flags.cacheable);

  it('has a non-cacheable endpoint to test', () => {
    expect(uncacheable.length).toBeGreaterThan(0);
  });

  it('refuses cache_max_age on a non-cacheable endpoint with 400 naming the parameter, before any other check', async () => {
    for (const endpoint of uncacheable) {
      const required = Object.entries(endpoint.params.shape).filter(([, schema]) => !schema.safeParse(undefined).success);
      const query = new URLSearchParams([
        ...required.map(([name]): [string, string] => [name, 'https://images.example.org/a.jpg']),
        ['cache_max_age', '7d'],
      ]);
      const response = await harness.get(`${endpoint.path}?${query}`);
      expect(response.status, endpoint.path).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.details.param).toBe('cache_max_age');
      expect(response.body.meta.creditsCharged).toBe(0);
    }
  });

  it('keeps accepting cache_max_age on cacheable endpoints', () => {
    const cacheable = catalogue.endpoints.find((endpoint) => endpoint.flags.cacheable && 'limit' in endpoint.params.shape)!;
    const required = Object.entries(cacheable.params.shape).filter(([, schema]) => !schema.safeParse(undefined).success);
    const input = Object.fromEntries([...required.map(([name]) => [name, 'pics']), ['cache_max_age', '7d']]);
    expect(validateRequest(cacheable, input).cacheMaxAgeSeconds).toBe(7 * 86_400);
  });

  it('says so in the OpenAPI parameter description and in llms.txt', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    const llms = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    for (const endpoint of uncacheable) {
      const parameter = (document.paths[endpoint.path].get.parameters as { name: string; description: string }[]).find(
        (each) => each.name === 'cache_max_age',
      )!;
      expect(parameter.description).toMatch(/refused|never cached/i);
      const section = llms.slice(llms.indexOf(`GET ${endpoint.path}`));
      expect(section.slice(0, section.indexOf('\n### ') > 0 ? section.indexOf('\n### ') : undefined)).toMatch(
        /cache_max_age[^\n]*(refused|never cached)/i,
      );
    }
  });
});
