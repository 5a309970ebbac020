import { redirectingStub, type StubReply } from '../../support/redirecting-stub.js';

/** Shared helpers for the shop family's unit and conformance tests. */

export type Reply = StubReply;

/**
 * The storefront stub: a redirecting stub that follows at most three hops (as the family's
 * caller-host policy does) and answers JSON by default.
 */
export function storeStub(handler: (url: URL) => Reply | undefined) {
  return redirectingStub(handler, { maxHops: 3, defaultHeaders: { 'content-type': 'application/json; charset=utf-8' } });
}

export const html = (body: string, status = 200): Reply => ({ status, body, headers: { 'content-type': 'text/html; charset=utf-8' } });

export { FETCHED_AT, asList, asSingle, canonical, errorOf, runEndpoint } from '../code/support.js';
