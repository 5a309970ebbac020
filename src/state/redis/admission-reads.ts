import type { AdmissionReading, AdmissionReads } from '../ports.js';
import { recordOf } from './keys.js';
import { ACCOUNT_KEYS, CLOCK, READ_USAGE } from './ledger-scripts.js';
import { SETTLED_TTL_MS, utcDate } from './ledger.js';
import { accountIdFromHash } from '../key-hash.js';
import { LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/**
 * Lua: counts one request in the fixed window at `key`: the first request opens it (the counter
 * expires when the window ends), each later one adds to it, and past its end the next request
 * opens a new one. A counter found without an expiry (written by hand, say) is given a whole
 * window, so it can never count for ever. Returns the requests in the window with this one and
 * the ms until the window ends.
 */
const TAKE_WINDOW = `
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

/**
 * KEYS: the account's ledger keys (KeyLayout.ledgerKeys), its record, its rate window; all share
 * the account's hash tag, so on a cluster the script runs on one slot. ARGV: settled ttl ms, the
 * presented key hash, the window length in ms ('' when requests are not counted), '1' to read
 * the balance. Returns {0} when no stored key has this hash (nothing counted, nothing read).
 * Otherwise {1, status, dailyCap, createdAt, count, leftMs, balance, dailyUsed, day, held}; the
 * count and balance only for an active key and when asked for (-1 otherwise). Lua strings
 * are interned, so comparing the stored hash with the presented one compares two references
 * and takes the same time however much of them matches.
 */
const ADMIT = new LuaScript(`${ACCOUNT_KEYS}${CLOCK}${READ_USAGE}${TAKE_WINDOW}
local record = redis.call('HMGET', KEYS[8], 'keyHash', 'status', 'dailyCap', 'createdAt')
if record[1] ~= ARGV[2] then return {0} end
local count, leftMs, balance, used, dayNumber, held = -1, -1, -1, -1, -1, -1
if record[2] == 'active' then
  if ARGV[3] ~= '' then count, leftMs = takeWindow(KEYS[9], ARGV[3]) end
  if ARGV[4] == '1' then balance, used, dayNumber, held = readUsage(tonumber(ARGV[1])) end
end
return {1, record[2] or '', record[3] or '', record[4] or '', count, leftMs, balance, used, dayNumber, held}
`);

/**
 * An admission's reads on Redis in one command: the key record by the hash's account, the
 * request counted in the account's window and the balance, the count and the balance only for
 * an active key, so a wrong or revoked key leaves no counter behind.
 */
export class RedisAdmissionReads implements AdmissionReads {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  async read(keyHash: string, options: { windowMs: number | null; balance: boolean }): Promise<AdmissionReading> {
    const id = accountIdFromHash(keyHash);
    const keys = this.#store.keys;
    const args = [SETTLED_TTL_MS, keyHash, options.windowMs ?? '', options.balance ? '1' : '0'];
    const reply = await this.#store.call((client) =>
      ADMIT.run(client, [...keys.ledgerKeys(id), keys.account(id), keys.rateWindow(id)], args),
    );
    return readingOf(id, reply, options);
  }
}

function readingOf(id: string, reply: unknown, asked: { windowMs: number | null; balance: boolean }): AdmissionReading {
  if (!Array.isArray(reply) || (reply[0] !== 0 && reply.length !== 10))
    throw new Error(`unexpected admission reply: ${JSON.stringify(reply)}`);
  if (reply[0] === 0) return { account: null, window: null, usage: null };
  const [, status, dailyCap, createdAt, count, leftMs, balance, dailyUsed, day, held] = reply as [
    number,
    unknown,
    unknown,
    unknown,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const account = recordOf(id, status, dailyCap, createdAt);
  if (account === null) return { account: null, window: null, usage: null };
  const active = account.status === 'active';
  return {
    account,
    window: active && asked.windowMs !== null ? { count, leftMs } : null,
    usage: active && asked.balance ? { balance, held, dailyUsed, dailyCap: account.dailyCap, day: utcDate(day) } : null,
  };
}
