import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GatewayError } from '../errors.js';

/** How often the event loop's delay is read and the decision to shed made again. */
export const SAMPLE_INTERVAL_MS = 500;
/** Seconds a shed caller is told to wait: the decision is made again twice a second. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
/** Tick of the delay monitor: each sample is the time between two ticks. */
const RESOLUTION_MS = 20;

/** Where a guard reads how long work waits for the event loop. */
export interface EventLoopDelaySource {
  /** The mean delay, in milliseconds, since the previous read (which starts a new window). */
  read(): number;
  close(): void;
}

/** The event loop's delay as perf_hooks measures it, in windows between reads. */
export function monitoredEventLoopDelay(): EventLoopDelaySource {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    read() {
      // A sample is the time between two ticks of the monitor's timer: what exceeds the tick is delay.
      const delay = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : 0;
      histogram.reset();
      return Math.max(0, delay);
    },
    close: () => histogram.disable(),
  };
}

/**
 * Sheds new work while the process itself is saturated: a timer reads the event loop's delay
 * every SAMPLE_INTERVAL_MS and sets `shedding` while it is over the bound in two windows in a
 * row (sustained, not one stall: a long garbage collection, a large body parsed, start-up).
 * Admission reads that one boolean per request; a request it refuses costs no credit, no
 * rate-limit token and no state call, and is answered at once, so a burst the process cannot
 * serve in time gets a prompt 503 and a retry instead of answers that fail after waiting for
 * the loop.
 */
export class OverloadGuard {
  /** True while new work is refused. A plain field: reading it is the whole per-request cost. */
  shedding = false;
  readonly #maxDelayMs: number;
  readonly #source: EventLoopDelaySource;
  readonly #onShed: () => void;
  #timer: NodeJS.Timeout | null = null;
  #lastWindowOver = false;

  constructor(maxDelayMs: number, source: EventLoopDelaySource, onShed: () => void) {
    this.#maxDelayMs = maxDelayMs;
    this.#source = source;
    this.#onShed = onShed;
  }

  /** Reads the delay of the window just ended and decides for the next one. */
  sample(): void {
    const over = this.#source.read() > this.#maxDelayMs;
    this.shedding = over && this.#lastWindowOver;
    this.#lastWindowOver = over;
  }

  /**
   * Samples on a timer that never keeps the process alive, from now on: what the loop waited
   * before (building the server) is not load and is dropped.
   */
  start(): void {
    if (this.#timer) return;
    this.#source.read();
    this.#timer = setInterval(() => this.sample(), SAMPLE_INTERVAL_MS).unref();
  }

  /** The refusal of one request that arrived while shedding (and counts it). */
  shed(): GatewayError {
    this.#onShed();
    return new GatewayError(
      'service_unavailable',
      'The gateway is busy right now and did not start this request; nothing was charged. Try again shortly.',
      { retryAfter: BUSY_RETRY_AFTER_SECONDS },
    );
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#source.close();
  }
}

/**
 * The guard of a process with its bound in milliseconds (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS), to
 * start() once the server is ready; null when the bound is 0 (never shed).
 */
export function createOverloadGuard(
  maxDelayMs: number,
  onShed: () => void,
  source: () => EventLoopDelaySource = monitoredEventLoopDelay,
): OverloadGuard | null {
  return maxDelayMs > 0 ? new OverloadGuard(maxDelayMs, source(), onShed) : null;
}
