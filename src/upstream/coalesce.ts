import { GatewayError } from '../errors.js';
import type { UpstreamRequest, UpstreamResponse } from './types.js';

/** Sends one request; `signal` is the shared fetch's own, never a caller's. */
export type SharedSend = (request: UpstreamRequest, signal: AbortSignal) => Promise<UpstreamResponse>;

interface Flight {
  key: string;
  promise: Promise<UpstreamResponse>;
  controller: AbortController;
  /** Callers still waiting; when the last one gives up, the fetch is no longer wanted. */
  waiting: number;
}

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
  readonly #flights = new Map<string, Flight>();
  readonly #onJoin: (() => void) | undefined;

  /** `onJoin` is told of each caller that joins a fetch already in flight (for metrics). */
  constructor(onJoin?: () => void) {
    this.#onJoin = onJoin;
  }

  /** Number of distinct fetches in flight (for tests and metrics). */
  get size(): number {
    return this.#flights.size;
  }

  fetch(request: UpstreamRequest, send: SharedSend): Promise<UpstreamResponse> {
    if (request.signal?.aborted) return Promise.reject(callerAborted(request));
    const key = flightKey(request);
    let flight = this.#flights.get(key);
    if (!flight) flight = this.#start(key, request, send);
    else this.#onJoin?.();
    flight.waiting += 1;
    return this.#await(flight, request);
  }

  #start(key: string, request: UpstreamRequest, send: SharedSend): Flight {
    const controller = new AbortController();
    const { signal: _callerSignal, ...shared } = request;
    const flight: Flight = { key, controller, waiting: 0, promise: Promise.resolve(null as never) };
    flight.promise = send(shared, controller.signal).finally(() => {
      // Settled: the next identical request must fetch again, never reuse this answer.
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    });
    // Nobody may be left to observe a failure (every caller aborted); keep it from going unhandled.
    flight.promise.catch(() => undefined);
    this.#flights.set(key, flight);
    return flight;
  }

  #await(flight: Flight, request: UpstreamRequest): Promise<UpstreamResponse> {
    const signal = request.signal;
    const copy = (response: UpstreamResponse): UpstreamResponse => ({ ...response, headers: { ...response.headers } });
    if (!signal) {
      return flight.promise.then(copy).finally(() => {
        flight.waiting -= 1;
      });
    }
    return new Promise<UpstreamResponse>((resolve, reject) => {
      let done = false;
      const leave = () => {
        done = true;
        flight.waiting -= 1;
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        if (done) return;
        leave();
        if (flight.waiting === 0) {
          // Nobody wants it any more: detach it first, so a newcomer starts afresh instead of joining an aborted fetch.
          if (this.#flights.get(flight.key) === flight) this.#flights.delete(flight.key);
          flight.controller.abort(signal.reason);
        }
        reject(callerAborted(request));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (response) => {
          if (done) return;
          leave();
          resolve(copy(response));
        },
        (error: unknown) => {
          if (done) return;
          leave();
          reject(error);
        },
      );
    });
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
