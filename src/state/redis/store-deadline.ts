import { performance } from 'node:perf_hooks';

/** Longest step of a deadline: a loop blocked longer than a step is counted as one step. */
const MAX_STEP_MS = 100;
/** However busy the process, a call waits at most this many deadlines of wall time. */
const MAX_WALL_DEADLINES = 5;

interface PendingCall {
  readonly started: number;
  last: number;
  counted: number;
  readonly reject: (error: Error) => void;
}

/**
 * Deadlines that measure the store rather than this process, for every call of one store. A
 * call's time advances in short steps and counts only time in which the event loop was free to
 * read a reply: a step whose timer fires late by more than a step (the loop was busy elsewhere)
 * counts as one step, and once the time is spent the call waits one more turn of the loop
 * (setImmediate runs after the poll phase), so a reply already in the socket is read before the
 * store is declared too slow. On an idle loop a call fails at `timeoutMs`, as a plain timer would
 * (a hung store still fails within the deadline); on a saturated one, after MAX_WALL_DEADLINES
 * deadlines of wall time at most. One timer steps every call in flight: a timer and a race per
 * call cost more than the command itself on a busy hit path.
 */
export class StoreDeadlines {
  readonly #timeoutMs: number;
  readonly #stepMs: number;
  readonly #now: () => number;
  readonly #pending = new Set<PendingCall>();
  #timer: NodeJS.Timeout | undefined;

  constructor(timeoutMs: number, now: () => number = () => performance.now()) {
    this.#timeoutMs = timeoutMs;
    this.#stepMs = Math.min(MAX_STEP_MS, Math.max(1, Math.ceil(timeoutMs / 10)));
    this.#now = now;
  }

  /** The work's answer, or a rejection `no answer within <timeout> ms` once its deadline has passed. */
  run<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const started = this.#now();
      const call: PendingCall = { started, last: started, counted: 0, reject };
      this.#pending.add(call);
      this.#timer ??= setTimeout(this.#step, this.#stepMs);
      work.then(
        (value) => {
          this.#pending.delete(call);
          resolve(value);
        },
        (error: unknown) => {
          this.#pending.delete(call);
          reject(error);
        },
      );
    });
  }

  readonly #step = (): void => {
    const at = this.#now();
    for (const call of this.#pending) {
      const elapsed = at - call.last;
      call.last = at;
      call.counted += elapsed > 2 * this.#stepMs ? this.#stepMs : elapsed;
      if (call.counted >= this.#timeoutMs || at - call.started >= MAX_WALL_DEADLINES * this.#timeoutMs) {
        this.#pending.delete(call);
        // A reply that arrives in this turn settles the call first; the rejection is then a no-op.
        setImmediate(() => call.reject(new Error(`no answer within ${this.#timeoutMs} ms`)));
      }
    }
    if (this.#pending.size > 0) this.#timer!.refresh();
    else this.#timer = undefined;
  };
}
