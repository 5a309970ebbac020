import { LRUCache } from 'lru-cache';
import { GatewayError } from '../../errors.js';
import {
  budgetKeyOf,
  budgetTargetOf,
  isSpent,
  mergeBudget,
  type BudgetAnnouncement,
  type BudgetStore,
  type BudgetTarget,
  type HostBudget,
} from '../../state/budget-store.js';
import type { BudgetCeiling } from '../../config/upstream-budgets.js';
import { MAX_RETRY_AFTER_SECONDS } from '../classify.js';
import type { BudgetKind, UpstreamObserver } from '../observer.js';
import { boundedBudget, readRetryAfter, type AnswerBudgetReader, type BudgetAnswer, type ScopedBudget } from './read-budget.js';

export interface BudgetGuardOptions {
  store: BudgetStore;
  /** Ceilings by lower-cased host. */
  ceilings?: ReadonlyMap<string, BudgetCeiling>;
  observer?: UpstreamObserver;
  /** How old this process's copy of a host's record may grow before it is read again from the store, in the background. */
  refreshMs?: number;
  now?: () => number;
}

/** What admits one request besides its host's budget. */
export interface AdmitOptions {
  /**
   * The scopes of the host the request also spends (a method, a daily quota: the family's
   * `budgetScopes` of its URL); a spent one refuses it like a spent host.
   */
  scopes?: readonly string[];
  /** Bounds a host that has no UPSTREAM_BUDGETS entry of its own (a family's per-host budget for the hosts its callers name). */
  ceiling?: BudgetCeiling | undefined;
}

/** An answer as the guard reads it: the body only for readers that read bodies. */
export interface ObservedAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
  url?: string;
}

/** One line of the remaining-budget gauge. */
export interface BudgetSnapshot extends BudgetTarget {
  source: BudgetKind;
  remaining: number;
}

interface Known {
  /** The announced budget as this process knows it, null when none stands. */
  budget: HostBudget | null;
  /** When the store was last read for it. */
  checkedAtMs: number;
  refreshing?: boolean;
}

const DEFAULT_REFRESH_MS = 5000;
/**
 * Hosts (per egress) this process keeps a copy of, least recently called dropped first: families
 * that fetch hosts their callers name would otherwise grow the table without end. A dropped host
 * is read again from the store on its next call, so what stands there still holds.
 */
export const MAX_KNOWN_TARGETS = 10_000;

/**
 * Decides, before each upstream request, whether the host may be called, and records what each
 * answer announces. The hot path stays in the process:
 * - each process keeps a copy of every host's announced budget it knows of. Spent records are
 *   written to the store and published to every process, which merges them into its copy;
 * - the store is read (once, awaited) the first time a process calls a host, and afterwards in
 *   the background when the copy is older than `refreshMs`, which bounds how long a lost
 *   message can go unnoticed;
 * - budgets with requests left stay in the process that saw them: every process reads the
 *   platform's figure from its own answers, and only "spent" changes what others must do;
 * - an operator ceiling is one atomic count in the store per request to that host (exact across
 *   processes); once refused, the process refuses locally until the window ends.
 * The store failing never stops a request here: the announced budget is advice, and the store's
 * outage shows elsewhere (billing answers 503). A ceiling's count is the exception: it fails closed.
 */
export class BudgetGuard {
  readonly #store: BudgetStore;
  readonly #ceilings: ReadonlyMap<string, BudgetCeiling>;
  readonly #observer: UpstreamObserver | undefined;
  readonly #refreshMs: number;
  readonly #now: () => number;
  readonly #known = new LRUCache<string, Known>({ max: MAX_KNOWN_TARGETS });
  readonly #loading = new Map<string, Promise<Known>>();
  /** Ceiling windows this process saw refused, and the last count seen per window, by target key. */
  readonly #ceilingState = new LRUCache<string, { remaining: number; resetAtMs: number }>({ max: MAX_KNOWN_TARGETS });
  #watching: Promise<(() => Promise<void>) | null> | null = null;

  constructor(options: BudgetGuardOptions) {
    this.#store = options.store;
    this.#ceilings = options.ceilings ?? new Map();
    this.#observer = options.observer;
    this.#refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Resolves when the call may go ahead; rejects with upstream_rate_limited (nothing was sent) when
   * it may not: the host's budget or one of the request's scopes is spent, or the ceiling reached.
   */
  async admit(target: BudgetTarget, options: AdmitOptions = {}): Promise<void> {
    const targets = [target, ...(options.scopes ?? []).map((scope) => ({ ...target, scope }))];
    const known = await Promise.all(targets.map((each) => this.#current(each)));
    const now = this.#now();
    let spent: { target: BudgetTarget; resetAtMs: number } | null = null;
    known.forEach(({ budget }, index) => {
      if (budget && isSpent(budget, now) && (!spent || budget.resetAtMs > spent.resetAtMs))
        spent = { target: targets[index]!, resetAtMs: budget.resetAtMs };
    });
    if (spent !== null) {
      const { target: spentTarget, resetAtMs } = spent;
      throw this.#refusal(spentTarget, resetAtMs - now, 'announced');
    }
    const ceiling = this.#ceilings.get(target.host) ?? options.ceiling;
    if (ceiling) await this.#take(target, keyOf(target), ceiling, now);
  }

  /**
   * Records what an answer announces, read by the family's reader (default: its Retry-After),
   * and returns the budget that now stands for the host (null when the answer announced nothing
   * of the whole host). A reader's scoped budgets are recorded under their scopes. Resolves once
   * every spent record is in the store, so the caller's answer never reaches it before the other
   * processes can know.
   */
  async observe(target: BudgetTarget, answer: ObservedAnswer, reader: AnswerBudgetReader = readRetryAfter): Promise<HostBudget | null> {
    const now = this.#now();
    let standing: HostBudget | null = null;
    for (const reading of safeRead(reader, answer, now)) {
      const budget = boundedBudget(reading, now);
      if (!budget) continue;
      const scoped = reading.scope === undefined ? target : { ...target, scope: reading.scope };
      const recorded = await this.#record(scoped, budget, now);
      if (reading.scope === undefined) standing = recorded;
    }
    return standing;
  }

  /** Merges one announced budget into this process's copy and, when spent, into the store. */
  async #record(target: BudgetTarget, reading: HostBudget, now: number): Promise<HostBudget | null> {
    const key = keyOf(target);
    const known = this.#known.get(key) ?? { budget: null, checkedAtMs: Number.NEGATIVE_INFINITY };
    known.budget = mergeBudget(known.budget, reading, now);
    this.#known.set(key, known);
    if (!isSpent(known.budget, now)) return { ...known.budget };
    try {
      const standing = await this.#store.record(target, known.budget, now);
      if (standing) known.budget = mergeBudget(known.budget, standing, this.#now());
    } catch {
      // The store is away: this process still holds the host back; others learn on their next answer.
    }
    return known.budget ? { ...known.budget } : null;
  }

  /**
   * The failure a refusal (403), a 429 or a redirect stands for when the answer says the budget
   * is spent: a rate limit until the reset, not a block, with Retry-After counted to the reset.
   * Such a redirect (to a throttle page) is never followed.
   */
  spentFailure(target: BudgetTarget, status: number, standing: HostBudget | null): GatewayError | null {
    const now = this.#now();
    const refusal = status === 403 || status === 429 || (status >= 300 && status < 400);
    if (!refusal || !standing || !isSpent(standing, now)) return null;
    return new GatewayError('upstream_rate_limited', `${target.host} answered that its request budget is spent; retry after the reset.`, {
      retryAfter: secondsUntil(standing.resetAtMs - now),
      details: { upstreamStatus: status, host: target.host },
    });
  }

  /** Every budget this process knows of and that has not reset, for the gauge. */
  snapshot(): BudgetSnapshot[] {
    const now = this.#now();
    const lines: BudgetSnapshot[] = [];
    for (const [key, known] of this.#known) {
      if (known.budget && known.budget.resetAtMs > now)
        lines.push({ ...targetOf(key), source: 'announced', remaining: known.budget.remaining });
    }
    for (const [key, window] of this.#ceilingState) {
      if (window.resetAtMs > now) lines.push({ ...targetOf(key), source: 'ceiling', remaining: window.remaining });
    }
    return lines;
  }

  /**
   * Forgets every budget this process knows of, here and in the store (other processes keep
   * their copies until their next read of the store). For lifting a block by hand, and for tests
   * that lift a fault they injected.
   */
  async forget(): Promise<void> {
    const keys = new Set([...this.#known.keys(), ...this.#ceilingState.keys()]);
    this.#known.clear();
    this.#ceilingState.clear();
    await Promise.all([...keys].map((key) => this.#store.forget(targetOf(key))));
  }

  async close(): Promise<void> {
    const stop = await this.#watching?.catch(() => null);
    this.#watching = null;
    await stop?.().catch(() => {});
  }

  /** First contact with a host: follow the shared announcements, then read what stands. Concurrent first calls share one read. */
  #load(target: BudgetTarget): Promise<Known> {
    const key = keyOf(target);
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = (async () => {
        await this.#watch();
        const known: Known = { budget: await this.#store.get(target, this.#now()).catch(() => null), checkedAtMs: this.#now() };
        // An answer may have been recorded while the store was read; keep what is stricter.
        const meanwhile = this.#known.get(key);
        if (meanwhile?.budget) known.budget = known.budget ? mergeBudget(known.budget, meanwhile.budget, this.#now()) : meanwhile.budget;
        this.#known.set(key, known);
        return known;
      })().finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    return loading;
  }

  /** This process's copy of a target's budget: read from the store on first contact, refreshed in the background when old. */
  async #current(target: BudgetTarget): Promise<Known> {
    const known = this.#known.get(keyOf(target));
    if (!known) return this.#load(target);
    if (this.#now() - known.checkedAtMs > this.#refreshMs) this.#refresh(target, known);
    return known;
  }

  #refresh(target: BudgetTarget, known: Known): void {
    if (known.refreshing) return;
    known.refreshing = true;
    this.#store
      .get(target, this.#now())
      .then((stored) => {
        if (stored) known.budget = mergeBudget(known.budget, stored, this.#now());
        known.checkedAtMs = this.#now();
      })
      .catch(() => (known.checkedAtMs = this.#now()))
      .finally(() => (known.refreshing = false));
  }

  /** Subscribes once; a failed subscription is tried again on the next first contact. */
  async #watch(): Promise<void> {
    this.#watching ??= this.#store
      .watch((announcement) => this.#heard(announcement))
      .catch(() => {
        this.#watching = null;
        return null;
      });
    await this.#watching;
  }

  #heard(announcement: BudgetAnnouncement): void {
    const key = keyOf(announcement);
    const known = this.#known.get(key);
    const budget = { remaining: announcement.remaining, resetAtMs: announcement.resetAtMs };
    if (known) known.budget = mergeBudget(known.budget, budget, this.#now());
    // A host this process has not called yet is read from the store on first contact anyway.
  }

  async #take(target: BudgetTarget, key: string, ceiling: BudgetCeiling, now: number): Promise<void> {
    const local = this.#ceilingState.get(key);
    if (local && local.remaining <= 0 && local.resetAtMs > now) throw this.#refusal(target, local.resetAtMs - now, 'ceiling');
    const take = await this.#store.take(target, ceiling.limit, ceiling.windowMs, now);
    this.#ceilingState.set(key, { remaining: take.allowed ? take.remaining : 0, resetAtMs: take.resetAtMs });
    if (!take.allowed) throw this.#refusal(target, take.resetAtMs - now, 'ceiling');
  }

  #refusal(target: BudgetTarget, waitMs: number, budget: BudgetKind): GatewayError {
    this.#observer?.refused?.(target.host, budget);
    const retryAfter = secondsUntil(waitMs);
    const why =
      budget === 'ceiling'
        ? "the operator's request ceiling for it is reached"
        : target.scope === undefined
          ? "the platform's announced request budget is spent"
          : `the platform's announced budget for ${target.scope} is spent`;
    return new GatewayError(
      'upstream_rate_limited',
      `Not calling ${target.host}: ${why}; retry after the reset. Nothing was sent or charged.`,
      {
        retryAfter,
        details: target.scope === undefined ? { host: target.host, budget } : { host: target.host, budget, scope: target.scope },
      },
    );
  }
}

/** What a caller is told to wait: at least a second, never beyond the longest Retry-After the gateway passes on. */
const secondsUntil = (waitMs: number): number => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));

const keyOf = budgetKeyOf;
const targetOf = budgetTargetOf;

/** A family's reader that throws on odd headers or an odd body reads as "nothing announced", never as a failed request. */
function safeRead(reader: AnswerBudgetReader, answer: ObservedAnswer, now: number): readonly ScopedBudget[] {
  const read: BudgetAnswer | undefined = answer.body === undefined ? undefined : { body: answer.body, url: answer.url ?? '' };
  try {
    const reading = reader(answer.headers, now, answer.status, read);
    if (!reading) return [];
    return isList(reading) ? reading : [reading];
  } catch {
    return [];
  }
}

const isList = (reading: ScopedBudget | readonly ScopedBudget[]): reading is readonly ScopedBudget[] => Array.isArray(reading);

/** Whether a failure is a budget refusal: no request reached the platform, so waiting for the reset is all a retry needs. */
export const isBudgetRefusal = (error: GatewayError): boolean =>
  error.code === 'upstream_rate_limited' && (error.details?.budget === 'announced' || error.details?.budget === 'ceiling');
