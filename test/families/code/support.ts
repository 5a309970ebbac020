import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StubAnswer } from '../../support/stub-upstream.js';
import { endpointRunner } from '../../support/run-endpoint.js';
export { asList, asSingle, canonical } from '../../support/run-endpoint.js';

/** Shared helpers for the code family's unit and conformance tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';
export const { runEndpoint } = endpointRunner(FETCHED_AT);
export const NOW_MS = Date.parse(FETCHED_AT);

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A synthetic fixture from test/families/code/fixtures, as text. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

/** A JSON answer of the API, with its headers. */
export function apiAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): StubAnswer {
  return {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  };
}

/** An HTML answer (the trending pages). */
export function htmlAnswer(body: string, status = 200): StubAnswer {
  return { status, body, headers: { 'content-type': 'text/html; charset=utf-8' } };
}

export { errorOf, rawOf } from '../../support/unit-results.js';
