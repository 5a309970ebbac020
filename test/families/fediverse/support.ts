import type { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../../src/catalogue/results.js';
import { catalogue } from '../../support/registered-catalogue.js';
import type { Upstream } from '../../../src/catalogue/upstream.js';
import type { StubAnswer } from '../../support/stub-upstream.js';

/** Shared helpers for the fediverse family's unit and conformance tests. */

export const FETCHED_AT = '2025-07-17T18:00:00.000Z';

/**
 * Runs an endpoint the way the pipeline does: params through its zod schema and its
 * normaliseParams, then fetch; every resource is checked against its published schema.
 */
export async function runEndpoint<Params extends z.ZodObject, Item>(
  endpoint: EndpointDefinition<Params, Item>,
  input: Record<string, unknown>,
  upstream: Upstream,
): Promise<EndpointResult<Item>> {
  const parsed = endpoint.params.parse(input);
  const params = endpoint.normaliseParams ? endpoint.normaliseParams(parsed) : parsed;
  const result = await endpoint.fetch(params, { upstream, fetchedAt: FETCHED_AT });
  const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
  for (const resource of resources) catalogue.resource(endpoint.returns.type).parse(resource);
  return result;
}

export function asList<Item>(result: EndpointResult<Item>): ListResult<Item> {
  if (!('items' in result)) throw new Error('expected a list result');
  return result;
}

export function asSingle<Item>(result: EndpointResult<Item>): SingleResult<Item> {
  if ('items' in result) throw new Error('expected a single result');
  return result;
}

export const rawOf = (result: EndpointResult<unknown>) => result.raw as Record<string, unknown>;

/** A JSON answer of an instance, with its headers. */
export function apiAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): StubAnswer {
  return {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  };
}
