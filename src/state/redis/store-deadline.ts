import { performance } from 'node:perf_hooks';

/** Longest step of a deadline: a loop blocked longer than a step is counted as one step. */
const MAX_STEP_MS = 100;
/** However busy the process, a call waits at most this many deadlines of wall time. */
const MAX_WALL_DEADLINES = 5;

/** A running deadline: `expired` rejects when it passes; clear() stops it. */
export interface StoreDeadline {
  readonly expired: Promise<never>;
  clear(): void;
}

/**
 * A deadline that measures the store rather than this process: it advances in short steps and
 * counts only time in which the event loop was free to read a reply. A step whose timer fires
 * late by more than a step (the loop was busy elsewhere) counts as one step, and once the time
 * is spent it waits one more turn of the loop (setImmediate runs after the poll phase), so a
 * reply already in the socket is read before the store is declared too slow. On an idle loop it
 * expires at `timeoutMs`, as a plain timer would: a hung store still fails within the deadline;
 * on a saturated one, after MAX_WALL_DEADLINES deadlines of wall time at most.
 */
export function storeDeadline(timeoutMs: number, now: () => number = () => performance.now()): StoreDeadline {
  const stepMs = Math.min(MAX_STEP_MS, Math.max(1, Math.ceil(timeoutMs / 10)));
  let timer: NodeJS.Timeout | undefined;
  let lastTurn: NodeJS.Immediate | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    let counted = 0;
    const started = now();
    let last = started;
    const step = () => {
      const at = now();
      const elapsed = at - last;
      last = at;
      counted += elapsed > 2 * stepMs ? stepMs : elapsed;
      if (counted < timeoutMs && at - started < MAX_WALL_DEADLINES * timeoutMs) timer!.refresh();
      else lastTurn = setImmediate(() => reject(new Error(`no answer within ${timeoutMs} ms`)));
    };
    timer = setTimeout(step, stepMs);
  });
  return {
    expired,
    clear() {
      clearTimeout(timer);
      clearImmediate(lastTurn);
    },
  };
}
