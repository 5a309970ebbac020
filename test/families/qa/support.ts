import type { EndpointResult } from '../../../src/catalogue/results.js';
import { GatewayError } from '../../../src/errors.js';
import { endpointRunner } from '../../support/run-endpoint.js';
import type { StubAnswer } from '../../support/stub-upstream.js';
export { asList, asSingle } from '../../support/run-endpoint.js';

/** Shared helpers of the qa family's unit and conformance tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';

export const { runEndpoint } = endpointRunner(FETCHED_AT);

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
