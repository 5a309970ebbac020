import type { LookupAddress } from 'node:dns';
import { LRUCache } from 'lru-cache';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { classifyAddress } from '../../outbound/address-policy.js';
import { createCheckedLookup, systemResolveAll, type ResolveAll } from '../../outbound/checked-lookup.js';

/** Why a name cannot be fetched: it does not resolve, or one of its addresses is not public. */
export type AddressRefusal = { reason: 'unknown_host'; message: string } | { reason: 'address_not_public'; message: string };

/** Names whose checked answer is kept; one entry per host a caller named recently. */
const MAX_PINNED_HOSTS = 1000;
/** How long a checked answer is used before the name is resolved (and checked) again. */
const PIN_TTL_MS = 30_000;

/**
 * Resolves caller-named hosts, checks every address, and keeps the checked answer for a short
 * while, so the connection that follows is opened to an address this check saw: the agent's
 * lookup reads the same answer (and checks it again) instead of asking DNS a second time, which
 * an attacker's name server could answer differently (DNS rebinding).
 */
export class PinnedAddresses {
  readonly #resolveAll: ResolveAll;
  readonly #pins = new LRUCache<string, LookupAddress[]>({ max: MAX_PINNED_HOSTS, ttl: PIN_TTL_MS });
  /** The connection's lookup: the pinned answer (or a fresh one), every address checked again. */
  readonly lookup: LookupFunction;
  /** Connects only to addresses `lookup` gave; IP literals never reach it (the gate refuses them). */
  readonly agent: Agent;

  constructor(resolveAll: ResolveAll = systemResolveAll) {
    this.#resolveAll = resolveAll;
    const pinnedFirst: ResolveAll = async (host) => this.#pins.get(host) ?? resolveAll(host);
    this.lookup = createCheckedLookup({ allowPrivate: false, resolveAll: pinnedFirst });
    this.agent = new Agent({
      connect: { lookup: this.lookup, timeout: 10_000 },
      // Many hosts, few requests each: do not hold sockets to them open for long.
      keepAliveTimeout: 4_000,
      connections: 16,
    });
  }

  /** Resolves and checks `host`, pinning the answer; a refusal when it does not resolve or an address is not public. */
  async check(host: string, signal: AbortSignal): Promise<AddressRefusal | null> {
    let addresses = this.#pins.get(host);
    const pinned = addresses !== undefined;
    if (!addresses) {
      try {
        addresses = await abortable(this.#resolveAll(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return { reason: 'unknown_host', message: `${host} does not resolve` };
      }
      if (addresses.length === 0) return { reason: 'unknown_host', message: `${host} has no address` };
    }
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.allowed)
        return { reason: 'address_not_public', message: `${host} resolves to a ${verdict.reason} address; only public hosts are fetched` };
    }
    // A pin is never renewed by its own use: the name is resolved again once it lapses.
    if (!pinned) this.#pins.set(host, addresses);
    return null;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A lookup cannot be cancelled; the request stops waiting for it when its signal fires. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error as Error);
      },
    );
  });
}
