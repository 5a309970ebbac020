import type { AdmissionReading, AdmissionReads, Ledger, WindowCount } from '../ports.js';
import type { MemoryKeys } from './keys.js';

/**
 * An admission's reads in one process: the key by its hash, the request counted in the
 * account's fixed window (opened by its first request; past its end the next request opens a
 * new one) and the balance, the count and the balance only for an active key. Windows that
 * have ended are dropped once a window length, so a process seeing many keys does not keep them.
 */
export class MemoryAdmissionReads implements AdmissionReads {
  readonly #keys: MemoryKeys;
  readonly #ledger: Ledger;
  readonly #now: () => number;
  readonly #windows = new Map<string, { used: number; endsAt: number }>();
  #nextSweep = 0;

  constructor(keys: MemoryKeys, ledger: Ledger, now: () => number = Date.now) {
    this.#keys = keys;
    this.#ledger = ledger;
    this.#now = now;
  }

  async read(keyHash: string, options: { windowMs: number | null; balance: boolean }): Promise<AdmissionReading> {
    const account = this.#keys.recordByHash(keyHash);
    if (account?.status !== 'active') return { account, window: null, usage: null };
    return {
      account,
      window: options.windowMs === null ? null : this.#count(account.id, options.windowMs),
      usage: options.balance ? await this.#ledger.usage(account.id, account.dailyCap) : null,
    };
  }

  #count(accountId: string, windowMs: number): WindowCount {
    const now = this.#now();
    if (now >= this.#nextSweep) this.#sweep(now, windowMs);
    let window = this.#windows.get(accountId);
    if (window === undefined || window.endsAt <= now) {
      window = { used: 0, endsAt: now + windowMs };
      this.#windows.set(accountId, window);
    }
    window.used += 1;
    return { count: window.used, leftMs: window.endsAt - now };
  }

  #sweep(now: number, windowMs: number): void {
    for (const [accountId, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(accountId);
    this.#nextSweep = now + windowMs;
  }
}
