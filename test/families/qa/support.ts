import type { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { EndpointResult, ListResult, SingleResult } from '../../../src/catalogue/results.js';
import type { Upstream } from '../../../src/catalogue/upstream.js';
import { GatewayError } from '../../../src/errors.js';
import { catalogue } from '../../support/registered-catalogue.js';
import type { StubAnswer } from '../../support/stub-upstream.js';

/** Shared helpers of the qa family's unit and conformance tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';

/** Runs an endpoint as the pipeline does: zod, normaliseParams, fetch; every resource checked against its published schema. */
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

export const rawOf = (result: EndpointResult<unknown>): Record<string, any> => result.raw as Record<string, any>;

/** An API answer as the stub serves it: JSON text (errors as HTTP 400, as the API sends them). */
export const apiText = (body: string, status = 200): StubAnswer => ({
  status,
  body,
  headers: { 'content-type': 'application/json; charset=utf-8' },
});
export const api = (body: unknown, status = 200): StubAnswer => apiText(JSON.stringify(body), status);

/** The failure a promise rejects with (a GatewayError), or a test failure when it resolves. */
export async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof GatewayError)) throw new Error(`expected a GatewayError, got ${String(error)}`);
  return error;
}
