import { FlightLeftError, type ShareOptions } from './flights.js';

interface LocalFlight<T> {
  key: string;
  promise: Promise<T>;
  controller: AbortController;
  /** Callers still waiting; when the last one leaves, the flight is no longer wanted. */
  waiting: number;
}

/**
 * Sharing inside one process: the first caller of a key starts `run`, the others join it and
 * are handed its outcome, success or failure. Nothing is kept once the flight settles, so a later
 * caller starts afresh (the result cache, not this, serves repeats). Each caller races its own
 * signal against the flight (a caller that leaves sees FlightLeftError); when every caller has
 * left, the flight's own signal aborts.
 */
export class LocalFlights<T> {
  readonly #flights = new Map<string, LocalFlight<T>>();

  /** Flights in progress (for tests). */
  get size(): number {
    return this.#flights.size;
  }

  join(key: string, run: (signal: AbortSignal) => Promise<T>, options: ShareOptions = {}): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new FlightLeftError(signal.reason));
    const existing = this.#flights.get(key);
    const flight = existing ?? this.#start(key, run);
    flight.waiting += 1;
    if (existing) options.onWait?.();
    return signal ? this.#raced(flight, signal) : flight.promise.finally(() => void (flight.waiting -= 1));
  }

  #start(key: string, run: (signal: AbortSignal) => Promise<T>): LocalFlight<T> {
    const controller = new AbortController();
    const flight: LocalFlight<T> = { key, controller, waiting: 0, promise: Promise.resolve(null as never) };
    // Started at once, so the work is under way (its request sent) when join returns.
    let running: Promise<T>;
    try {
      running = run(controller.signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    flight.promise = running.finally(() => this.#detach(flight));
    // Every caller may have left before it settles; a rejection nobody observes must not go unhandled.
    flight.promise.catch(() => undefined);
    this.#flights.set(key, flight);
    return flight;
  }

  #detach(flight: LocalFlight<T>): void {
    if (this.#flights.get(flight.key) === flight) this.#flights.delete(flight.key);
  }

  #raced(flight: LocalFlight<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
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
          // Detached first, so a newcomer starts afresh instead of joining a flight being stopped.
          this.#detach(flight);
          flight.controller.abort(signal.reason);
        }
        reject(new FlightLeftError(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          if (done) return;
          leave();
          resolve(value);
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
