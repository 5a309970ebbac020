import type { Queue } from 'bullmq';
import type { BullConnection } from './bull-connection.js';

/** The name of the no-op job that wakes a queue's workers after Redis returns; processors skip it. */
export const WAKE = 'wake';

/**
 * After Redis returns, has the queues' workers look for due work at once. A worker blocked
 * waiting for its next delayed job (a scheduled check, a delivery's retry) loses,
 * with the connection, the time that job is due, and its next blocking wait lasts BullMQ's 10 s
 * ceiling while that job is already overdue. A job added to a queue marks it as having work,
 * which ends that wait at once; taking the job promotes every overdue delayed job too, each run
 * once as scheduled (nothing extra is polled). One wake job per queue at a time (fixed id). The
 * connection was open before this is called, so each 'ready' is a reconnection. Returns the
 * function that stops it.
 */
export function wakeAfterReconnect(
  queues: readonly Queue[],
  connection: BullConnection,
  onError?: (error: unknown, context: Record<string, unknown>) => void,
): () => void {
  const wake = () => {
    for (const queue of queues)
      queue
        .add(WAKE, {}, { jobId: `${WAKE}-after-reconnect`, removeOnComplete: true, removeOnFail: true })
        .catch((error: unknown) => onError?.(error, { queue: queue.name, wake: true }));
  };
  connection.on('ready', wake);
  return () => connection.off('ready', wake);
}
