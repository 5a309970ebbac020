import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';
import { appViewRoute, type AppViewOptions } from '../../../src/families/social/demo/appview.js';
import { endpointRunner } from '../../support/run-endpoint.js';
export { asList, asSingle } from '../../support/run-endpoint.js';

/** Shared helpers for the social family's unit and conformance tests. */

export const FETCHED_AT = '2026-04-14T12:00:00.000Z';
export const { runEndpoint } = endpointRunner(FETCHED_AT);
export const NOW_MS = Date.parse(FETCHED_AT);

/**
 * What the anonymous AppView answers for a body recorded logged in: the same JSON without any
 * `viewer` object (only a logged-in call gets them).
 */
export function anonymous(body: string): string {
  return JSON.stringify(JSON.parse(body), (key, value: unknown) => (key === 'viewer' ? undefined : value));
}

/** A JSON answer of the AppView, with its headers. */
export function xrpcAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): StubAnswer {
  return {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  };
}

/** An XRPC error answer: HTTP 400 `{"error","message"}` unless said otherwise. */
export const xrpcError = (error: string, message: string, status = 400): StubAnswer => xrpcAnswer({ error, message }, status);

export { errorOf, rawOf } from '../../support/unit-results.js';

/** The synthetic AppView of fake-appview.ts as a unit test's upstream (no sockets). */
export function stubAppView(options: AppViewOptions = {}) {
  const route = appViewRoute(options);
  return stubUpstream((request, url) => {
    const reply = route({ method: 'GET', url: url.pathname + url.search, host: url.host, headers: {}, body: '' }, url);
    if (reply === undefined) return undefined;
    return {
      status: reply.status ?? 200,
      headers: reply.headers ?? {},
      body: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
    };
  });
}
