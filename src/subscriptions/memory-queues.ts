import type { AttemptInfo, CheckScheduler, DeliveryQueue, DeliveryTask, DeliveryVerdict } from './queues.js';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './retry-schedule.js';

type Runner = (subscriptionId: string) => Promise<void>;

/**
 * Timers of one process: each watched target's poll runs at once, then every interval after the
 * previous one started. Lost on restart, like the rest of the in-memory state.
 */
export class MemoryCheckScheduler implements CheckScheduler {
  readonly #schedules = new Map<string, { intervalMs: number; timer: NodeJS.Timeout | null }>();
  #run: Runner | null = null;
  readonly #once = new Set<string>();
  #closed = false;

  async schedule(id: string, intervalSeconds: number, options: { runNow?: boolean } = {}): Promise<void> {
    await this.unschedule(id);
    this.#schedules.set(id, { intervalMs: intervalSeconds * 1000, timer: null });
    this.#arm(id, options.runNow === false ? intervalSeconds * 1000 : 0);
  }

  async runOnce(id: string): Promise<void> {
    if (this.#closed || !this.#run || this.#once.has(id)) return;
    this.#once.add(id);
    setTimeout(() => {
      this.#once.delete(id);
      if (!this.#closed) void this.#run?.(id);
    }, 0).unref();
  }

  async unschedule(subscriptionId: string): Promise<void> {
    const schedule = this.#schedules.get(subscriptionId);
    if (schedule?.timer) clearTimeout(schedule.timer);
    this.#schedules.delete(subscriptionId);
  }

  async start(run: Runner): Promise<void> {
    this.#run = run;
    for (const id of this.#schedules.keys()) this.#arm(id, 0);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const schedule of this.#schedules.values()) if (schedule.timer) clearTimeout(schedule.timer);
    this.#schedules.clear();
  }

  #arm(subscriptionId: string, delayMs: number): void {
    const schedule = this.#schedules.get(subscriptionId);
    if (!schedule || !this.#run || this.#closed) return;
    if (schedule.timer) clearTimeout(schedule.timer);
    schedule.timer = setTimeout(() => {
      // The next check is armed before this one runs: a slow check never delays the schedule,
      // and the per-subscription check lease stops an overlap.
      this.#arm(subscriptionId, schedule.intervalMs);
      void this.#run?.(subscriptionId);
    }, delayMs);
    schedule.timer.unref();
  }
}

/** Deliveries of one process: retries wait on timers with the back-off of retry-schedule.ts. */
export class MemoryDeliveryQueue implements DeliveryQueue {
  readonly #pending = new Map<string, { task: DeliveryTask; attempt: number; timer: NodeJS.Timeout | null }>();
  readonly #retryBaseMs: number;
  #process: ((task: DeliveryTask, info: AttemptInfo) => Promise<DeliveryVerdict>) | null = null;
  #closed = false;
  readonly #running = new Set<Promise<void>>();

  constructor(options: { retryBaseMs: number }) {
    this.#retryBaseMs = options.retryBaseMs;
  }

  async enqueue(task: DeliveryTask): Promise<void> {
    if (this.#pending.has(task.webhookId)) return;
    this.#pending.set(task.webhookId, { task, attempt: 1, timer: null });
    this.#fire(task.webhookId, 0);
  }

  async start(process: (task: DeliveryTask, info: AttemptInfo) => Promise<DeliveryVerdict>): Promise<void> {
    this.#process = process;
    for (const id of this.#pending.keys()) this.#fire(id, 0);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#pending.values()) if (entry.timer) clearTimeout(entry.timer);
    this.#pending.clear();
    await Promise.allSettled([...this.#running]);
  }

  #fire(webhookId: string, delayMs: number): void {
    const entry = this.#pending.get(webhookId);
    if (!entry || !this.#process || this.#closed) return;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      const last = entry.attempt >= MAX_DELIVERY_ATTEMPTS;
      const running = this.#process!(entry.task, { attempt: entry.attempt, last })
        .catch((): DeliveryVerdict => 'retry')
        .then((verdict) => {
          if (verdict === 'done' || last || this.#closed) {
            this.#pending.delete(webhookId);
            return;
          }
          entry.attempt += 1;
          this.#fire(webhookId, retryDelayMs(entry.attempt - 1, this.#retryBaseMs));
        })
        .finally(() => this.#running.delete(running));
      this.#running.add(running);
    }, delayMs);
    entry.timer.unref();
  }
}
