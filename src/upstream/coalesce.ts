import { GatewayError } from '../errors.js';
import type { UpstreamRequest, UpstreamResponse } from '../catalogue/upstream.js';
import { FlightLeftError } from '../state/flights/flights.js';
import { LocalFlights } from '../state/flights/local.js';

/** Sends one request; `signal` is the shared fetch's own, never a caller's. */
export type SharedSend = (request: UpstreamRequest, signal: AbortSignal) => Promise<UpstreamResponse>;

/**
 * Single-flight for upstream reads across every caller of the process: concurrent identical
 * requests (method, URL, headers, pass-statuses and the whole body) share one in-flight fetch
 * and its outcome, success or failure. Nothing is kept once the fetch settles, so a later
 * caller fetches afresh (the result cache, not this, is what serves repeats).
 *
 * A POST is shared like a GET: the gateway only reads public data, and a platform whose read
 * API is an RPC over POST carries the question in the body, so two equal bodies are one
 * question. A request that differs in a single byte of its body is a different fetch.
 *
 * Each caller races its own AbortSignal against the shared promise: one caller going away
 * never aborts the fetch the others wait on; only when every caller has gone is it aborted.
 */
export class Coalescer {
  readonly #flights = new LocalFlights<UpstreamResponse>();
  readonly #onJoin: (() => void) | undefined;

  /** `onJoin` is told of each caller that joins a fetch already in flight (for metrics). */
  constructor(onJoin?: () => void) {
    this.#onJoin = onJoin;
  }

  /** Number of distinct fetches in flight (for tests and metrics). */
  get size(): number {
    return this.#flights.size;
  }

  async fetch(request: UpstreamRequest, send: SharedSend): Promise<UpstreamResponse> {
    const { signal, ...shared } = request;
    try {
      const response = await this.#flights.join(flightKey(request), (own) => send(shared, own), { signal, onWait: this.#onJoin });
      // Each caller gets its own copy: a caller may change the headers it was handed.
      return { ...response, headers: { ...response.headers } };
    } catch (error) {
      throw error instanceof FlightLeftError ? callerAborted(request) : error;
    }
  }
}

/**
 * Headers are part of the identity (a different Accept or cookie may get a different answer),
 * and so is the body, whole: it is where an RPC's question is. JSON keeps the parts apart, so
 * no URL, header or body can run into the next part and make two different requests one key.
 */
function flightKey(request: UpstreamRequest): string {
  const headers = request.headers
    ? Object.entries(request.headers)
        .map(([name, value]) => [name.toLowerCase(), value])
        .sort(([a], [b]) => (a! < b! ? -1 : 1))
    : [];
  return JSON.stringify([
    request.method ?? 'GET',
    request.url,
    request.passStatuses ?? [],
    headers,
    request.body ?? null,
    request.bodyReader?.id ?? null,
    // A refusal names the parameter the host came from: requests naming another never share one.
    request.hostParam ?? null,
  ]);
}

/** What a caller that went away sees: the same failure the client gives for a dropped request. */
function callerAborted(request: UpstreamRequest): GatewayError {
  return new GatewayError('upstream_blocked', 'The request was cancelled before the platform answered.', {
    details: { host: URL.parse(request.url)?.host ?? null },
    cause: request.signal?.reason,
  });
}
