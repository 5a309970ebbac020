import type { AdmissionReading, AdmissionReads } from '../ports.js';
import { recordOf } from './keys.js';
import { ACCOUNT_KEYS, CLOCK, READ_USAGE } from './ledger-scripts.js';
import { SETTLED_TTL_MS, utcDate } from './ledger.js';
import { accountIdFromHash } from '../key-hash.js';
import { LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/**
 * Lua: counts `n` requests in the fixed window at `key`: the first requests open it (the
 * counter expires when the window ends), later ones add to it, and past its end the next
 * request opens a new one. A counter found without an expiry (written by hand, say) is given a
 * whole window, so it can never count for ever. Returns the requests in the window with these
 * and the ms until the window ends.
 */
const TAKE_WINDOW = `
local function takeWindow(key, windowMs, n)
  local count = redis.call('INCRBY', key, n)
  if count == n then
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
 * the balance, the number of requests admitted together. Returns {0} when no stored key has
 * this hash (nothing counted, nothing read).
 * Otherwise {1, status, dailyCap, createdAt, count, leftMs, balance, dailyUsed, day, held}; the
 * count (the window's, the last of these requests included) and the balance only for an active
 * key and when asked for (-1 otherwise). Lua strings are interned, so comparing the stored hash
 * with the presented one compares two references and takes the same time however much of them
 * matches.
 */
const ADMIT = new LuaScript(`${ACCOUNT_KEYS}${CLOCK}${READ_USAGE}${TAKE_WINDOW}
local record = redis.call('HMGET', KEYS[8], 'keyHash', 'status', 'dailyCap', 'createdAt')
if record[1] ~= ARGV[2] then return {0} end
local count, leftMs, balance, used, dayNumber, held = -1, -1, -1, -1, -1, -1
if record[2] == 'active' then
  if ARGV[3] ~= '' then count, leftMs = takeWindow(KEYS[9], ARGV[3], tonumber(ARGV[5])) end
  if ARGV[4] == '1' then balance, used, dayNumber, held = readUsage(tonumber(ARGV[1])) end
end
return {1, record[2] or '', record[3] or '', record[4] or '', count, leftMs, balance, used, dayNumber, held}
`);

/** Admissions of one key waiting to be read together. */
interface Batch {
  keyHash: string;
  windowMs: number | null;
  /** Whether any of them asked for the balance. */
  balance: boolean;
  waiting: { balance: boolean; resolve: (reading: AdmissionReading) => void; reject: (error: unknown) => void }[];
}

/**
 * An admission's reads on Redis in one command: the key record by the hash's account, the
 * request counted in the account's window and the balance, the count and the balance only for
 * an active key, so a wrong or revoked key leaves no counter behind.
 *
 * Admissions of the same key that arrive together (the requests the server read in one turn of
 * the event loop) are read in one command that counts all of them: each gets its own place in
 * the window, so each is allowed or refused exactly as if counted alone, and the same balance,
 * read after all of them arrived. A key that many clients share under load then costs one
 * command a turn instead of one a request; each request still waits for one round trip.
 */
export class RedisAdmissionReads implements AdmissionReads {
  readonly #store: RedisStore;
  /** Batches forming in this turn, by key hash and window. */
  readonly #forming = new Map<string, Batch>();

  constructor(store: RedisStore) {
    this.#store = store;
  }

  read(keyHash: string, options: { windowMs: number | null; balance: boolean }): Promise<AdmissionReading> {
    const slot = `${keyHash}|${options.windowMs ?? ''}`;
    const batch = this.#forming.get(slot) ?? this.#open(slot, keyHash, options.windowMs);
    batch.balance ||= options.balance;
    return new Promise((resolve, reject) => batch.waiting.push({ balance: options.balance, resolve, reject }));
  }

  /** A new batch for this turn; the first of the turn schedules the sending of all of them. */
  #open(slot: string, keyHash: string, windowMs: number | null): Batch {
    if (this.#forming.size === 0) setImmediate(() => this.#sendForming());
    const batch: Batch = { keyHash, windowMs, balance: false, waiting: [] };
    this.#forming.set(slot, batch);
    return batch;
  }

  #sendForming(): void {
    const batches = [...this.#forming.values()];
    this.#forming.clear();
    for (const batch of batches) void this.#send(batch);
  }

  async #send(batch: Batch): Promise<void> {
    const { keyHash, windowMs, waiting } = batch;
    try {
      const id = accountIdFromHash(keyHash);
      const keys = this.#store.keys;
      const args = [SETTLED_TTL_MS, keyHash, windowMs ?? '', batch.balance ? '1' : '0', waiting.length];
      const reply = await this.#store.call((client) =>
        ADMIT.run(client, [...keys.ledgerKeys(id), keys.account(id), keys.rateWindow(id)], args),
      );
      const { account, window, usage } = readingOf(id, reply, batch);
      // The window's count includes all of them: each takes its place in arrival order.
      const before = window ? window.count - waiting.length : 0;
      waiting.forEach((each, index) =>
        each.resolve({
          account,
          window: window && { count: before + index + 1, leftMs: window.leftMs },
          usage: each.balance ? usage : null,
        }),
      );
    } catch (error) {
      for (const each of waiting) each.reject(error);
    }
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
