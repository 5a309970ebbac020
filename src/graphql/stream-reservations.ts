/**
 * Single-connection streams reserved per key. graphql-sse keeps a reserved (PUT) stream
 * until someone connects to it and the connection ends, so without a bound and an expiry
 * a caller could reserve streams until the process runs out of memory.
 */
export class StreamReservations {
  readonly #byAccount = new Map<string, Set<string>>();
  readonly #expiries = new Map<string, NodeJS.Timeout>();
  readonly #maxPerAccount: number;
  readonly #ttlMs: number;

  constructor(options: { maxPerAccount: number; ttlMs: number }) {
    this.#maxPerAccount = options.maxPerAccount;
    this.#ttlMs = options.ttlMs;
  }

  hasRoom(accountId: string): boolean {
    return (this.#byAccount.get(accountId)?.size ?? 0) < this.#maxPerAccount;
  }

  /** Records a reservation; `expire` runs when nobody connects to it in time. */
  reserved(accountId: string, token: string, expire: () => Promise<void>): void {
    this.#byAccount.set(accountId, (this.#byAccount.get(accountId) ?? new Set()).add(token));
    const timer = setTimeout(() => {
      this.#expiries.delete(token);
      void expire()
        .catch(() => {})
        .finally(() => this.ended(accountId, token));
    }, this.#ttlMs);
    timer.unref();
    this.#expiries.set(token, timer);
  }

  /** The stream is connected: it lives as long as its connection. */
  connected(token: string): void {
    clearTimeout(this.#expiries.get(token));
    this.#expiries.delete(token);
  }

  ended(accountId: string, token: string): void {
    this.connected(token);
    const tokens = this.#byAccount.get(accountId);
    if (tokens?.delete(token) && tokens.size === 0) this.#byAccount.delete(accountId);
  }
}
