import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, FetchContext } from '../../../src/catalogue/results.js';
import { GatewayError } from '../../../src/errors.js';
import type { Upstream } from '../../../src/catalogue/upstream.js';
import type { StubAnswer } from '../../support/stub-upstream.js';
export { asList, asSingle } from '../../support/run-endpoint.js';

/** Shared helpers for the forum family's tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A synthetic fixture from test/families/forum/fixtures. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

/** A synthetic JSON fixture, parsed. */
export function jsonFixture(name: string): unknown {
  return JSON.parse(fixture(name)) as unknown;
}

export function forumContext(upstream: Upstream): FetchContext {
  return { upstream, fetchedAt: FETCHED_AT };
}

/** Runs an endpoint the way the pipeline does: params through its zod schema, then fetch. */
export async function runEndpoint<Params extends z.ZodObject, Item>(
  endpoint: EndpointDefinition<Params, Item>,
  input: Record<string, unknown>,
  upstream: Upstream,
): Promise<EndpointResult<Item>> {
  return endpoint.fetch(endpoint.params.parse(input), forumContext(upstream));
}

/** A JSON answer for stubUpstream. */
export function jsonAnswer(body: unknown, status = 200, url?: string): StubAnswer {
  return {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    ...(url ? { url } : {}),
  };
}

/** An Atom answer for stubUpstream. */
export function atomAnswer(body: string): StubAnswer {
  return { body, headers: { 'content-type': 'application/atom+xml; charset=UTF-8' } };
}

/** A text answer with a content type. */
export function textAnswer(body: string, contentType: string, status = 200): StubAnswer {
  return { status, body, headers: { 'content-type': contentType } };
}

/** What the upstream layer throws for a blocked request. */
export function blocked(): GatewayError {
  return new GatewayError('upstream_blocked', 'The platform answered with a block page.', { details: { upstreamStatus: 403 } });
}

/** What the upstream layer throws for a 429. */
export function rateLimited(): GatewayError {
  return new GatewayError('upstream_rate_limited', 'The platform rate-limited the request; retry later.', { retryAfter: 60 });
}

/** Record access for loosely typed raw payloads. */
export function rawOf(result: { raw: unknown }): Record<string, unknown> {
  return result.raw as Record<string, unknown>;
}
