import { randomUUID } from 'node:crypto';
import type { StateLog } from '../redis/connection.js';
import type { RedisPubSub } from '../redis/pubsub.js';
import type { RedisStore } from '../redis/store.js';
import { FlightLeftError, type FlightAnswer, type FlightRole, type Flights, type ShareOptions } from './flights.js';
import { LocalFlights } from './local.js';
import { ABANDON, CHECK, FINISH, RENEW, TAKE } from './scripts.js';

export interface RedisFlightsOptions {
  /** How long a lease outlives its holder's last renewal (default 5000): a dead holder delays its waiters this long at most. */
  leaseMs?: number;
  /** How long a finished flight's answer stays for the callers that waited on it (default 10000). */
  answerMs?: number;
  /** Flights a caller may see end without an answer before it fetches alone (default 3). */
  maxTakeovers?: number;
  log?: StateLog;
}

interface Taken {
  mine: boolean;
  token: string;
}

/**
 * Flights shared by every process on one Redis or cluster. Identical callers of one process
 * first share one participant (LocalFlights); that participant takes the key's lease (a token,
 * `PX` the lease's ttl) and fetches, or finds another process's token and waits for that flight:
 * its answer is stored under the token and announced on the key's channel, and the waiter
 * checks again whenever the lease could have lapsed. A lease is renewed while its fetch runs, so
 * a slow fetch keeps it and a dead holder loses it within one ttl; a flight that ends without an
 * answer (its holder died, or its fetch failed to give one) lets a waiter take over. When the store
 * cannot coordinate, the caller fetches alone: sharing saves requests, it never fails one.
 */
export class RedisFlights implements Flights {
  readonly #store: RedisStore;
  readonly #pubsub: RedisPubSub;
  readonly #local = new LocalFlights<FlightAnswer>();
  readonly #leaseMs: number;
  readonly #answerMs: number;
  readonly #maxTakeovers: number;
  readonly #log: StateLog | undefined;

  constructor(store: RedisStore, pubsub: RedisPubSub, options: RedisFlightsOptions = {}) {
    this.#store = store;
    this.#pubsub = pubsub;
    this.#leaseMs = options.leaseMs ?? 5000;
    this.#answerMs = options.answerMs ?? 10_000;
    this.#maxTakeovers = options.maxTakeovers ?? 3;
    this.#log = options.log;
  }

  async share(key: string, fetch: (signal: AbortSignal) => Promise<string>, options: ShareOptions = {}): Promise<FlightAnswer> {
    let joined = false;
    const onWait = () => {
      joined = true;
      options.onWait?.();
    };
    // The process's first caller takes part in the fleet's flight; the others join it here.
    const first = await this.#local.join(key, (flightSignal) => this.#fleet(key, fetch, flightSignal, options.onWait), {
      signal: options.signal,
      onWait,
    });
    return joined ? { answer: first.answer, role: 'waiter' } : first;
  }

  async #fleet(
    key: string,
    fetch: (signal: AbortSignal) => Promise<string>,
    signal: AbortSignal,
    onWait: (() => void) | undefined,
  ): Promise<FlightAnswer> {
    const alone = async (): Promise<FlightAnswer> => ({ answer: await fetch(signal), role: 'unshared' });
    for (let ended = 0; ; ended += 1) {
      if (ended >= this.#maxTakeovers) return alone();
      const taken = await this.#take(key).catch((error: unknown) => this.#notShared(error));
      if (taken === null) return alone();
      const role: FlightRole = ended === 0 ? 'holder' : 'takeover';
      // A held fetch runs to its end even when this process's callers have all left: callers in
      // other processes may be waiting on it, and its result lands in the cache either way.
      if (taken.mine) return { answer: await this.#hold(key, taken.token, fetch, new AbortController().signal), role };
      if (ended === 0) onWait?.();
      let answer: string | null;
      try {
        answer = await this.#await(key, taken.token, signal);
      } catch (error) {
        if (error instanceof FlightLeftError) throw error;
        this.#notShared(error);
        return alone();
      }
      if (answer !== null) return { answer, role: 'waiter' };
    }
  }

  #notShared(error: unknown): null {
    this.#log?.('warn', 'fetch not shared: state store unavailable', { error: describe(error) });
    return null;
  }

  async #take(key: string): Promise<Taken> {
    const keys = this.#store.keys;
    const reply = await this.#store.call((client) => TAKE.run(client, [keys.flight(key)], [randomUUID(), this.#leaseMs]));
    if (!Array.isArray(reply) || typeof reply[1] !== 'string') throw new Error(`unexpected flight reply: ${JSON.stringify(reply)}`);
    return { mine: reply[0] === 1, token: reply[1] };
  }

  /** Fetches under the lease, renewing it meanwhile, then leaves the answer for the waiters and announces it. */
  async #hold(key: string, token: string, fetch: (signal: AbortSignal) => Promise<string>, signal: AbortSignal): Promise<string> {
    const keys = this.#store.keys;
    const renewal = setInterval(
      () => void this.#store.call((client) => RENEW.run(client, [keys.flight(key)], [token, this.#leaseMs])).catch(() => {}),
      Math.max(1, Math.floor(this.#leaseMs / 3)),
    ).unref();
    let answer: string;
    try {
      answer = await fetch(signal);
    } catch (error) {
      clearInterval(renewal);
      // No answer to share: the waiters find the lease free and one of them takes over.
      await this.#store.call((client) => ABANDON.run(client, [keys.flight(key)], [token])).catch(() => {});
      await this.#announce(key, token);
      throw error;
    }
    clearInterval(renewal);
    try {
      await this.#store.call((client) =>
        FINISH.run(client, [keys.flight(key), keys.flightAnswer(key, token)], [token, answer, this.#answerMs]),
      );
      await this.#announce(key, token);
    } catch (error) {
      // The caller here has its answer; the waiters find the lease lapsed and take over.
      this.#log?.('warn', 'fetch answer not shared: state store unavailable', { error: describe(error) });
    }
    return answer;
  }

  #announce(key: string, token: string): Promise<void> {
    return this.#pubsub.publishTo(this.#store.keys.flightChannel(key), token).catch(() => {});
  }

  /**
   * Waits for the flight of `token`: its answer, or null once it is over without one (the lease
   * lapsed, was freed, or another took it). Checks when the flight is announced, and otherwise
   * when the lease would lapse unless renewed.
   */
  async #await(key: string, token: string, signal: AbortSignal): Promise<string | null> {
    const keys = this.#store.keys;
    let wake: (() => void) | null = null;
    const stop = await this.#pubsub.subscribeTo(keys.flightChannel(key), (message) => {
      if (message === token) wake?.();
    });
    try {
      for (;;) {
        if (signal.aborted) throw new FlightLeftError(signal.reason);
        const reply = await this.#store.call((client) => CHECK.run(client, [keys.flight(key), keys.flightAnswer(key, token)], []));
        if (!Array.isArray(reply)) throw new Error(`unexpected flight reply: ${JSON.stringify(reply)}`);
        if (reply[0] === 1) return String(reply[1]);
        if (reply[1] !== token) return null;
        const leftMs = typeof reply[2] === 'number' && reply[2] > 0 ? reply[2] : this.#leaseMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(leftMs + 25, this.#leaseMs));
          function done() {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            wake = null;
            resolve();
          }
          wake = done;
          signal.addEventListener('abort', done, { once: true });
        });
      }
    } finally {
      await stop().catch(() => {});
    }
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
