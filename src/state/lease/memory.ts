import { randomUUID } from 'node:crypto';
import type { Leases } from './lease.js';

/** Leases inside one process (the embedded, memory state). */
export class MemoryLeases implements Leases {
  readonly #held = new Map<string, { token: string; until: number }>();

  async acquire(name: string, ttlMs: number): Promise<string | null> {
    const current = this.#held.get(name);
    if (current && current.until > Date.now()) return null;
    const token = randomUUID();
    this.#held.set(name, { token, until: Date.now() + ttlMs });
    return token;
  }

  async renew(name: string, token: string, ttlMs: number): Promise<boolean> {
    const current = this.#held.get(name);
    if (!current || current.token !== token || current.until <= Date.now()) return false;
    current.until = Date.now() + ttlMs;
    return true;
  }

  async release(name: string, token: string): Promise<void> {
    if (this.#held.get(name)?.token === token) this.#held.delete(name);
  }
}
