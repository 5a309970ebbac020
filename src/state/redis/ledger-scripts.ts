import { LuaScript } from './lua-script.js';

/**
 * The ledger's atomic steps, one Lua script each, so no other client's command can come
 * between reading a balance and changing it, whichever process sends it. Time and the UTC day
 * come from the Redis server clock (TIME), one clock for every gateway process.
 *
 * Every script works on one account and declares all the keys it touches, in the order of
 * KeyLayout.ledgerKeys: they share the account's hash tag, so on a Redis Cluster each script
 * runs on one slot. Reservations are fields of the account's reservation hash, not keys of
 * their own, so an expiry found inside a script never touches an undeclared key.
 */
export const ACCOUNT_KEYS = `
local BALANCE, RESERVATIONS, HELD, HELD_CREDITS, DAILY, SETTLED, LOG = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
`;

/** Server time as {milliseconds, UTC day number}. */
export const CLOCK = `
local function clock()
  local t = redis.call('TIME')
  local seconds = tonumber(t[1])
  return seconds * 1000 + math.floor(tonumber(t[2]) / 1000), math.floor(seconds / 86400)
end
`;

/** Reads and writes one reservation record; nil when unknown or unreadable. */
const RECORDS = `
local function readReservation(id)
  local stored = redis.call('HGET', RESERVATIONS, id)
  if not stored then return nil end
  local ok, record = pcall(cjson.decode, stored)
  if ok and type(record) == 'table' then return record end
  return nil
end
local function writeReservation(id, record)
  redis.call('HSET', RESERVATIONS, id, cjson.encode(record))
end
`;

/**
 * Settles a held reservation as `finalState`: out of the held set and held credits, remembered
 * until `settledTtlMs` from now (a late retry stays a no-op), then forgotten by forgetSettled
 * while the account is active; the reservation hash of an account gone quiet expires whole
 * that long after its last settlement or hold.
 */
const SETTLE = `${RECORDS}
local function settle(id, record, finalState, nowMs, settledTtlMs)
  record.state = finalState
  writeReservation(id, record)
  redis.call('ZREM', HELD, id)
  redis.call('ZADD', SETTLED, nowMs + settledTtlMs, id)
  redis.call('PEXPIRE', RESERVATIONS, settledTtlMs)
  redis.call('PEXPIRE', SETTLED, settledTtlMs)
  if redis.call('DECRBY', HELD_CREDITS, record.credits) <= 0 then redis.call('DEL', HELD_CREDITS) end
end

local function releaseOne(id, finalState, nowMs, settledTtlMs)
  local record = readReservation(id)
  redis.call('ZREM', HELD, id)
  if not record or record.state ~= 'held' then return 0 end
  settle(id, record, finalState, nowMs, settledTtlMs)
  redis.call('INCRBY', BALANCE, record.credits)
  local used = tonumber(redis.call('HGET', DAILY, record.day) or '0')
  if used > 0 then redis.call('HSET', DAILY, record.day, math.max(0, used - record.credits)) end
  return 1
end

local function expireDue(nowMs, settledTtlMs, limit)
  local due = redis.call('ZRANGEBYSCORE', HELD, '-inf', nowMs, 'LIMIT', 0, limit)
  local released = 0
  for _, id in ipairs(due) do released = released + releaseOne(id, 'expired', nowMs, settledTtlMs) end
  return released
end

local function forgetSettled(nowMs)
  local old = redis.call('ZRANGEBYSCORE', SETTLED, '-inf', nowMs, 'LIMIT', 0, 20)
  for _, id in ipairs(old) do
    local record = readReservation(id)
    if not record or record.state ~= 'held' then redis.call('HDEL', RESERVATIONS, id) end
    redis.call('ZREM', SETTLED, id)
  end
end
`;

const PRELUDE = `${ACCOUNT_KEYS}${CLOCK}${SETTLE}`;

/**
 * ARGV: credits, daily cap (-1: none), endpoint, request id, reservation id, hold ms,
 *       settled ttl ms, daily-counter ttl s.
 * Returns {status, balance, dailyUsed, day}: 0 held now, 1 already held or settled (a retry),
 * 2 daily cap reached, 3 balance too low. The cap and the balance are checked and taken in
 * the same step, so concurrent reservations can never overdraw either. The account's lapsed
 * holds are returned first; a reservation id whose hold expired, or whose charge was taken
 * back, is held afresh.
 */
export const RESERVE = new LuaScript(`${PRELUDE}
local nowMs, dayNumber = clock()
local day = string.format('%d', dayNumber)
local settledTtl = tonumber(ARGV[7])
expireDue(nowMs, settledTtl, 100)
forgetSettled(nowMs)
local id = ARGV[5]
local record = readReservation(id)
local state = record and record.state
if state == 'held' and record.exp <= nowMs then
  releaseOne(id, 'expired', nowMs, settledTtl)
  state = 'expired'
end
local balance = tonumber(redis.call('GET', BALANCE) or '0')
local used = tonumber(redis.call('HGET', DAILY, day) or '0')
if state and state ~= 'expired' and state ~= 'refunded' then return {1, balance, used, dayNumber} end
local credits = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
if cap >= 0 and used + credits > cap then return {2, balance, used, dayNumber} end
if balance < credits then return {3, balance, used, dayNumber} end
balance = redis.call('DECRBY', BALANCE, credits)
used = redis.call('HINCRBY', DAILY, day, credits)
for _, field in ipairs(redis.call('HKEYS', DAILY)) do
  if tonumber(field) and tonumber(field) < dayNumber - 2 then redis.call('HDEL', DAILY, field) end
end
redis.call('EXPIRE', DAILY, ARGV[8])
local exp = nowMs + tonumber(ARGV[6])
writeReservation(id, { state = 'held', credits = credits, day = day, endpoint = ARGV[3], requestId = ARGV[4], exp = exp })
redis.call('PEXPIRE', RESERVATIONS, settledTtl + tonumber(ARGV[6]))
redis.call('ZREM', SETTLED, id)
redis.call('ZADD', HELD, exp, id)
redis.call('INCRBY', HELD_CREDITS, credits)
return {0, balance, used, dayNumber}
`);

/**
 * ARGV: reservation id, settled ttl ms, usage-log length.
 * Returns 1 when this call charged; 0 when the reservation was not held (committed before,
 * released, expired, or unknown): a retried commit never charges twice; 2 when its hold had
 * lapsed: the credits go back (if nothing returned them yet) and nothing is charged.
 */
export const COMMIT = new LuaScript(`${PRELUDE}
local id = ARGV[1]
local record = readReservation(id)
if not record or record.state ~= 'held' then return 0 end
local nowMs = clock()
local settledTtl = tonumber(ARGV[2])
if record.exp <= nowMs then
  releaseOne(id, 'expired', nowMs, settledTtl)
  return 2
end
local entry = cjson.encode({ kind = 'charge', endpoint = record.endpoint, credits = record.credits, atMs = string.format('%d', nowMs), requestId = record.requestId })
record.logEntry = entry
settle(id, record, 'committed', nowMs, settledTtl)
redis.call('LPUSH', LOG, entry)
redis.call('LTRIM', LOG, 0, tonumber(ARGV[3]) - 1)
return 1
`);

/**
 * ARGV: reservation id.
 * Takes back a charge whose commit its caller could not confirm (no answer in time, or too few
 * replicas acknowledged it), so the caller can be told truthfully that nothing was charged: the
 * credits, the day's count and the usage entry return, and the reservation is settled as
 * 'refunded' (a late commit stays a no-op; a retried reserve holds afresh). Returns 1 when this
 * call took a charge back, 0 when the reservation was not committed.
 */
export const UNCOMMIT = new LuaScript(`${PRELUDE}
local record = readReservation(ARGV[1])
if not record or record.state ~= 'committed' then return 0 end
local entry = record.logEntry
record.state = 'refunded'
record.logEntry = nil
writeReservation(ARGV[1], record)
redis.call('INCRBY', BALANCE, record.credits)
local used = tonumber(redis.call('HGET', DAILY, record.day) or '0')
if used > 0 then redis.call('HSET', DAILY, record.day, math.max(0, used - record.credits)) end
if entry then redis.call('LREM', LOG, 1, entry) end
return 1
`);

/**
 * ARGV: reservation id, settled ttl ms.
 * Returns 1 when this call gave credits back, 0 otherwise: a release after a commit, after
 * the hold's expiry returned the credits, or a second release refunds nothing.
 */
export const RELEASE = new LuaScript(`${PRELUDE}
local nowMs = clock()
local record = readReservation(ARGV[1])
local finalState = 'released'
if record and record.exp and record.exp <= nowMs then finalState = 'expired' end
return releaseOne(ARGV[1], finalState, nowMs, tonumber(ARGV[2]))
`);

/**
 * ARGV: settled ttl ms, most to release in one run.
 * Releases the account's reservations whose hold lapsed (the process holding them died, or
 * lost Redis before it could settle). Returns {released, holds left, latest lapse ms of those
 * left or 0}, so the caller can keep or drop the account in the index of accounts with holds.
 */
export const SWEEP_ACCOUNT = new LuaScript(`${PRELUDE}
local nowMs = clock()
local released = expireDue(nowMs, tonumber(ARGV[1]), tonumber(ARGV[2]))
forgetSettled(nowMs)
local left = redis.call('ZCARD', HELD)
local latest = 0
if left > 0 then latest = tonumber(redis.call('ZRANGE', HELD, -1, -1, 'WITHSCORES')[2]) end
return {released, left, latest}
`);

/**
 * Lua (after ACCOUNT_KEYS and CLOCK): the account's balance, credits used today, the server's
 * UTC day number and held credits, after returning the account's lapsed holds. It runs on every
 * request that states a balance, where each call into Redis costs more than the rest of the
 * script, and on almost every one nothing is held or no hold has lapsed: the holds are looked at
 * only while credits are held (a lapsed hold of none would change no number read here, and the
 * next reservation or the sweep returns it), and the functions that return holds are only
 * defined (each a closure Lua builds on every run) once one is found due. The earliest hold is
 * read by rank, not by a score range, as a number passed to redis.call is printed with %.17g,
 * which costs more than the read.
 */
export const READ_USAGE = `
local function readUsage(settledTtlMs)
  local nowMs, dayNumber = clock()
  local amounts = redis.call('MGET', BALANCE, HELD_CREDITS)
  if amounts[2] then
    local earliest = redis.call('ZRANGE', HELD, '0', '0', 'WITHSCORES')
    if earliest[2] and tonumber(earliest[2]) <= nowMs then
${SETTLE}
      expireDue(nowMs, settledTtlMs, 100)
      amounts = redis.call('MGET', BALANCE, HELD_CREDITS)
    end
  end
  local used = tonumber(redis.call('HGET', DAILY, string.format('%d', dayNumber)) or '0')
  return tonumber(amounts[1] or '0'), used, dayNumber, tonumber(amounts[2] or '0')
end
`;

/** ARGV: settled ttl ms. Returns {balance, dailyUsed, day, held} (READ_USAGE). */
export const USAGE = new LuaScript(`${ACCOUNT_KEYS}${CLOCK}${READ_USAGE}
local balance, used, dayNumber, held = readUsage(tonumber(ARGV[1]))
return { balance, used, dayNumber, held }
`);

/**
 * KEYS: index of accounts with holds. ARGV: account id, the score it had when the sweep picked
 * it. Drops the account only when no reserve raised its score since (a reserve indexes its
 * account before holding, with a later lapse time), so a new hold is never left unindexed.
 */
export const UNINDEX_HOLDING = new LuaScript(`
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
`);
