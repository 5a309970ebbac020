import { integers, LuaScript } from './lua-script.js';
import type { WindowCount } from '../ports.js';
import type { RedisStore } from './store.js';

/**
 * Lua: counts one request in the fixed window at `key`: the first request opens it (the counter
 * expires when the window ends), each later one adds to it, and past its end the next request
 * opens a new one. A counter found without an expiry (written by hand, say) is given a whole
 * window, so it can never count for ever. Returns the requests in the window with this one and
 * the ms until the window ends.
 */
export const TAKE_WINDOW = `
local function takeWindow(key, windowMs)
  local count = redis.call('INCR', key)
  if count == 1 then
    redis.call('PEXPIRE', key, windowMs)
    return count, tonumber(windowMs)
  end
  local leftMs = redis.call('PTTL', key)
  if leftMs < 0 then
    redis.call('PEXPIRE', key, windowMs)
    leftMs = tonumber(windowMs)
  end
  return count, leftMs
end
`;

/** KEYS[1] the account's window counter. ARGV: window length in ms. One key, so on a cluster the script runs on that key's slot. */
const TAKE = new LuaScript(`${TAKE_WINDOW}
local count, leftMs = takeWindow(KEYS[1], ARGV[1])
return {count, leftMs}
`);

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
