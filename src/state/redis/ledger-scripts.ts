import { LuaScript } from './lua-script.js';
import { SEGMENT } from './key-layout.js';

/**
 * The ledger's atomic steps. Each runs as one Lua script, so no other client's command can
 * come between reading a balance and changing it, whichever process sends it. Time and the
 * UTC day come from the Redis server clock (TIME), one clock for every gateway process.
 * Per-account keys found inside a reservation are built from the key prefix (ARGV[1] where
 * noted) and the segments of key-layout.ts; this needs a single Redis instance, not a cluster.
 */

/** Server time as {milliseconds, UTC day number}. */
const CLOCK = `
local function clock()
  local t = redis.call('TIME')
  local seconds = tonumber(t[1])
  return seconds * 1000 + math.floor(tonumber(t[2]) / 1000), math.floor(seconds / 86400)
end
`;

/**
 * Takes a settled reservation out of its account's held credits and held set. Reservations
 * written before holds carried an expiry (no `exp` field) were never counted there.
 */
const UNHOLD = `
local function unhold(prefix, reservationId, acct, credits, exp)
  if not exp then return end
  redis.call('ZREM', prefix .. '${SEGMENT.heldBy}' .. acct, reservationId)
  local heldKey = prefix .. '${SEGMENT.heldCredits}' .. acct
  if redis.call('DECRBY', heldKey, credits) <= 0 then redis.call('DEL', heldKey) end
end
`;

/**
 * Gives a held reservation back: balance up, that day's use down (never below zero), state
 * `finalState` (released, or expired when its hold lapsed). Shared by release, by the expiry
 * of lapsed holds, and by the sweep.
 */
const RELEASE_ONE = `${UNHOLD}
local function releaseOne(prefix, reservationId, heldKey, settledTtl, finalState)
  local reservationKey = prefix .. '${SEGMENT.reservation}' .. reservationId
  local r = redis.call('HMGET', reservationKey, 'state', 'acct', 'credits', 'day', 'exp')
  redis.call('ZREM', heldKey, reservationId)
  if r[1] ~= 'held' then return 0 end
  redis.call('HSET', reservationKey, 'state', finalState)
  redis.call('EXPIRE', reservationKey, settledTtl)
  redis.call('INCRBY', prefix .. '${SEGMENT.balance}' .. r[2], r[3])
  unhold(prefix, reservationId, r[2], r[3], r[5])
  local dailyKey = prefix .. '${SEGMENT.daily}' .. r[2] .. ':' .. r[4]
  local used = tonumber(redis.call('GET', dailyKey) or '0')
  if used > 0 then redis.call('SET', dailyKey, math.max(0, used - tonumber(r[3])), 'KEEPTTL') end
  return 1
end
`;

/**
 * Returns the credits of an account's holds past their expiry (settled as expired), so a
 * balance is never read or taken from while a lapsed hold still counts against it. Bounded per
 * call; the periodic sweep takes any rest.
 */
const EXPIRE_DUE_OF = `${RELEASE_ONE}
local function expireDueOf(prefix, acct, heldKey, settledTtl, nowMs)
  local heldByKey = prefix .. '${SEGMENT.heldBy}' .. acct
  local due = redis.call('ZRANGEBYSCORE', heldByKey, '-inf', nowMs, 'LIMIT', 0, 100)
  for _, reservationId in ipairs(due) do
    if releaseOne(prefix, reservationId, heldKey, settledTtl, 'expired') == 0 then redis.call('ZREM', heldByKey, reservationId) end
  end
end
`;

/**
 * KEYS: balance, reservation, held set, account's held set, account's held credits.
 * ARGV: daily-key stem, credits, daily cap (-1: none), account id, endpoint, request id,
 *       reservation id, hold ms, reservation ttl s, daily-counter ttl s, key prefix, settled ttl s.
 * Returns {status, balance, dailyUsed, day}: 0 held now, 1 already held or settled (a retry),
 * 2 daily cap reached, 3 balance too low. The cap and the balance are checked and taken in
 * the same step, so concurrent reservations can never overdraw either. The account's lapsed
 * holds are returned first; a reservation id whose hold expired is held afresh.
 */
export const RESERVE = new LuaScript(`${CLOCK}${EXPIRE_DUE_OF}
local nowMs, day = clock()
local prefix = ARGV[11]
expireDueOf(prefix, ARGV[4], KEYS[3], ARGV[12], nowMs)
local state = redis.call('HGET', KEYS[2], 'state')
if state == 'held' then
  local exp = tonumber(redis.call('HGET', KEYS[2], 'exp') or '')
  if exp and exp <= nowMs then
    releaseOne(prefix, ARGV[7], KEYS[3], ARGV[12], 'expired')
    state = 'expired'
  end
end
local dailyKey = ARGV[1] .. day
local balance = tonumber(redis.call('GET', KEYS[1]) or '0')
local used = tonumber(redis.call('GET', dailyKey) or '0')
if state and state ~= 'expired' then return {1, balance, used, day} end
local credits = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
if cap >= 0 and used + credits > cap then return {2, balance, used, day} end
if balance < credits then return {3, balance, used, day} end
balance = redis.call('DECRBY', KEYS[1], credits)
used = redis.call('INCRBY', dailyKey, credits)
redis.call('EXPIRE', dailyKey, ARGV[10])
local exp = nowMs + tonumber(ARGV[8])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'acct', ARGV[4], 'credits', credits, 'day', day, 'state', 'held', 'endpoint', ARGV[5], 'requestId', ARGV[6], 'exp', exp)
redis.call('EXPIRE', KEYS[2], ARGV[9])
redis.call('ZADD', KEYS[3], exp, ARGV[7])
redis.call('ZADD', KEYS[4], exp, ARGV[7])
redis.call('INCRBY', KEYS[5], credits)
return {0, balance, used, day}
`);

/**
 * KEYS: reservation, held set. ARGV: key prefix, reservation id, settled ttl s, usage-log length.
 * Returns 1 when this call charged; 0 when the reservation was not held (committed before,
 * released, expired, or unknown): a retried commit never charges twice; 2 when its hold had
 * lapsed: the credits go back (if the sweep had not returned them yet) and nothing is charged.
 */
export const COMMIT = new LuaScript(`${CLOCK}${RELEASE_ONE}
local r = redis.call('HMGET', KEYS[1], 'state', 'acct', 'credits', 'endpoint', 'requestId', 'exp')
if r[1] ~= 'held' then return 0 end
local nowMs = clock()
if r[6] and tonumber(r[6]) <= nowMs then
  releaseOne(ARGV[1], ARGV[2], KEYS[2], ARGV[3], 'expired')
  return 2
end
redis.call('HSET', KEYS[1], 'state', 'committed')
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[2])
unhold(ARGV[1], ARGV[2], r[2], r[3], r[6])
local logKey = ARGV[1] .. '${SEGMENT.usageLog}' .. r[2]
redis.call('LPUSH', logKey, cjson.encode({ kind = 'charge', endpoint = r[4], credits = tonumber(r[3]), atMs = string.format('%d', nowMs), requestId = r[5] }))
redis.call('LTRIM', logKey, 0, tonumber(ARGV[4]) - 1)
return 1
`);

/**
 * KEYS: reservation, held set. ARGV: key prefix, reservation id, settled ttl s.
 * Returns 1 when this call gave credits back, 0 otherwise: a release after a commit, after
 * the hold's expiry returned the credits, or a second release refunds nothing.
 */
export const RELEASE = new LuaScript(`${CLOCK}${RELEASE_ONE}
local nowMs = clock()
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp') or '')
local finalState = 'released'
if exp and exp <= nowMs then finalState = 'expired' end
return releaseOne(ARGV[1], ARGV[2], KEYS[2], ARGV[3], finalState)
`);

/**
 * KEYS: held set. ARGV: key prefix, settled ttl s, most to release in one run.
 * Releases reservations whose hold lapsed (the process holding them died, or lost Redis
 * before it could settle), so credits are never stuck. Returns how many it released.
 */
export const SWEEP = new LuaScript(`${CLOCK}${RELEASE_ONE}
local nowMs = clock()
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', nowMs, 'LIMIT', 0, tonumber(ARGV[3]))
local released = 0
for _, reservationId in ipairs(due) do
  released = released + releaseOne(ARGV[1], reservationId, KEYS[1], ARGV[2], 'expired')
end
return released
`);

/**
 * KEYS: balance, account's held credits, held set. ARGV: daily-key stem, key prefix, account id, settled ttl s.
 * Returns {balance, dailyUsed, day, held} on the server's UTC day, after returning the
 * account's lapsed holds.
 */
export const USAGE = new LuaScript(`${CLOCK}${EXPIRE_DUE_OF}
local nowMs, day = clock()
expireDueOf(ARGV[2], ARGV[3], KEYS[3], ARGV[4], nowMs)
return { tonumber(redis.call('GET', KEYS[1]) or '0'), tonumber(redis.call('GET', ARGV[1] .. day) or '0'), day, tonumber(redis.call('GET', KEYS[2]) or '0') }
`);
