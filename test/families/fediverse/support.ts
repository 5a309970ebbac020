import type { EndpointResult } from '../../../src/catalogue/results.js';
import type { StubAnswer } from '../../support/stub-upstream.js';
import { endpointRunner } from '../../support/run-endpoint.js';
export { asList, asSingle } from '../../support/run-endpoint.js';

/** Shared helpers for the fediverse family's unit and conformance tests. */

export const FETCHED_AT = '2025-07-17T18:00:00.000Z';
export const { runEndpoint } = endpointRunner(FETCHED_AT);

export const rawOf = (result: EndpointResult<unknown>) => result.raw as Record<string, unknown>;

/** A JSON answer of an instance, with its headers. */
export function apiAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): StubAnswer {
  return {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  };
}
