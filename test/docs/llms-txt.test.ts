import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { ERROR_STATUS } from '../../src/errors.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { OpenApiResponseCheck } from '../support/openapi-response-check.js';

/** llms.txt read as an agent would: every route with an example, the errors, billing and limits. */
describe('/llms.txt', () => {
  let harness: Harness;
  let text: string;
  let check: OpenApiResponseCheck;
  beforeAll(async () => {
    harness = await startHarness();
    text = await (await fetch(`${harness.baseUrl}/llms.txt`)).text();
    check = new OpenApiResponseCheck((await (await fetch(`${harness.baseUrl}/openapi.json`)).json()) as Record<string, any>);
  });
  afterAll(() => harness.close());

  /** The text of one `### METHOD path` section. */
  const section = (heading: string): string => {
    const start = text.indexOf(`### ${heading}`);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const end = text.indexOf('\n##', start + 4);
    return text.slice(start, end < 0 ? undefined : end);
  };

  it('has a section with an example request and response for every route the server answers', () => {
    const served = harness.gateway.routes
      .filter((route) => route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(20);
    for (const route of served) {
      const body = section(route);
      expect(body, route).toMatch(/\nExample request[^:\n]*: /);
      expect(body, route).toMatch(/\nExample response: \d{3} /);
    }
  });

  it('gives example answers that /openapi.json accepts', () => {
    const examples = [...text.matchAll(/### (\w+) (\S+)(?:(?!\n### )[^])*?\nExample request[^\n]*\nExample response: (\d{3}) (\{[^\n]*)/g)];
    expect(examples.length).toBeGreaterThan(catalogue.endpoints.length);
    for (const [, method, path, status, body] of examples) {
      const graphql = path === '/graphql';
      // The headers such an answer carries: every answer its request id, a /v1 answer its charge.
      const headers = {
        'content-type': graphql ? 'application/graphql-response+json' : 'application/json',
        'x-request-id': 'example',
        ...(path!.startsWith('/v1/') ? { 'x-credits-charged': '1' } : {}),
      };
      expect(check.problems({ method: method!, url: path!, status: Number(status), headers, body: body! }), `${method} ${path}`).toEqual(
        [],
      );
    }
  });

  it('shows include_raw as a boolean and GraphQL for every data endpoint', () => {
    for (const endpoint of catalogue.endpoints) {
      const body = section(`GET ${endpoint.path} (GraphQL: ${endpoint.graphqlField})`);
      expect(body).toContain('include_raw (boolean');
      expect(body).toContain(`GraphQL: { ${endpoint.graphqlField}`);
      expect(body).toContain(`Example request: GET ${endpoint.path}`);
    }
  });

  it('lists every error code with its status, retryability and cost', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS))
      expect(text).toMatch(new RegExp(`- ${code}: HTTP ${status}, (not )?retryable, never charged`));
  });

  it('explains billing, 402, rate limits, jobs, batches, subscriptions and the stream door', () => {
    for (const topic of [
      '## Billing',
      '402 insufficient_credits',
      '## Rate limits',
      'RateLimit-Policy',
      'Idempotency-Key',
      'pagination.cursor',
      'each delivered change costs',
      '### PUT /graphql/stream',
      'x-graphql-event-stream-token',
      '### GET /v1/account',
      'refuse cache_max_age',
    ]) {
      expect(text, topic).toContain(topic);
    }
  });
});
