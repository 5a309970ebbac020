/**
 * One fetch for many identical callers. While a fetch for a key is running, every other caller
 * asking for the same key waits for its answer instead of fetching again: within one process
 * (memory) or across every process sharing the state (Redis, one node or a cluster). Both
 * adapters pass test/state/flights-contract.ts.
 */
export interface Flights {
  /**
   * The answer of the one fetch of `key`: `fetch` runs here (this caller is its holder), or
   * another caller's fetch answers (this caller waited). A fetch that rejects is not an answer:
   * its local callers see the rejection and callers elsewhere take over.
   */
  share(key: string, fetch: (signal: AbortSignal) => Promise<string>, options?: ShareOptions): Promise<FlightAnswer>;
}

export interface ShareOptions {
  /**
   * The caller's: aborting it leaves the flight without stopping it; only when every local
   * caller has left is the fetch's own signal aborted.
   */
  signal?: AbortSignal | undefined;
  /** Told when this caller starts waiting on a fetch another caller runs (for metrics). */
  onWait?: (() => void) | undefined;
}

export interface FlightAnswer {
  answer: string;
  role: FlightRole;
}

/**
 * How a caller got its answer: `holder` fetched it; `takeover` fetched it after the holder it
 * waited on died or let its lease lapse; `waiter` was handed another caller's answer;
 * `unshared` fetched alone because the shared state could not coordinate the flight.
 */
export type FlightRole = 'holder' | 'takeover' | 'waiter' | 'unshared';

export const FLIGHT_ROLES: readonly FlightRole[] = ['holder', 'takeover', 'waiter', 'unshared'];

/** What a caller that left its flight sees: it stopped waiting before any answer. */
export class FlightLeftError extends Error {
  override name = 'FlightLeftError';
  constructor(reason: unknown) {
    super('the caller left before the answer came', { cause: reason });
  }
}
