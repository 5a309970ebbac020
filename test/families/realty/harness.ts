import type { FetchContext } from '../../../src/catalogue/results.js';
import { GatewayError } from '../../../src/errors.js';
import { stubUpstream, type StubHandler } from '../../support/stub-upstream.js';

export const FETCHED_AT = '2026-10-01T12:00:00.000Z';

/** A fetch context over a stub upstream; `calls` lists the URLs requested, in order. */
export function stubContext(handler: StubHandler): FetchContext & { urls: () => string[] } {
  const upstream = stubUpstream(handler);
  return { upstream, fetchedAt: FETCHED_AT, urls: () => upstream.calls.map((call) => call.url) };
}

/** Runs `action` and returns the GatewayError it throws (fails the test when it does not throw one). */
export async function gatewayError(action: () => Promise<unknown>): Promise<GatewayError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}
