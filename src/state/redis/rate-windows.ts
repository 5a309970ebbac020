import { integers, LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/**
 * KEYS[1] the account's window counter. ARGV: window length in ms.
 * Counts one request in the account's fixed window: the first request opens it (the counter
 * expires when the window ends), each later one adds to it, and past its end the next request
 * opens a new one. A counter found without an expiry (written by hand, say) is given a whole
 * window, so it can never count for ever. Returns {requests in the window with this one, ms
 * until the window ends}. One key, so on a cluster the script runs on that key's slot.
 */
const TAKE = new LuaScript(`
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {count, tonumber(ARGV[1])}
end
local leftMs = redis.call('PTTL', KEYS[1])
if leftMs < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  leftMs = tonumber(ARGV[1])
end
return {count, leftMs}
`);

/** One request's place in its account's window. */
export interface WindowCount {
  /** Requests counted in the window, this one included (it keeps counting past any quota). */
  count: number;
  /** Milliseconds until the window ends. */
  leftMs: number;
}

/**
 * Request-rate windows on Redis, one counter per account tagged like the account's other keys:
 * every gateway process counts into the same window, atomically, in one command per request.
 */
export class RedisRateWindows {
  readonly #store: RedisStore;
  readonly #windowMs: string;

  constructor(store: RedisStore, windowMs: number) {
    if (!Number.isInteger(windowMs) || windowMs <= 0) throw new RangeError('a rate window lasts a whole number of ms above 0');
    this.#store = store;
    this.#windowMs = String(windowMs);
  }

  /** Counts one request of the account; the store's 503 when Redis cannot answer in time. */
  async take(accountId: string): Promise<WindowCount> {
    const key = this.#store.keys.rateWindow(accountId);
    const reply = await this.#store.call((client) => TAKE.run(client, [key], [this.#windowMs]));
    const [count, leftMs] = integers(reply, 2) as [number, number];
    return { count, leftMs };
  }
}
