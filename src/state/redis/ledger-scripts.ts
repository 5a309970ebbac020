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
 * Gives a held reservation back: balance up, that day's use down (never below zero), state
 * released. Shared by release and by the sweep of lapsed holds.
 */
const RELEASE_ONE = `
local function releaseOne(prefix, reservationId, heldKey, settledTtl)
  local reservationKey = prefix .. '${SEGMENT.reservation}' .. reservationId
  local r = redis.call('HMGET', reservationKey, 'state', 'acct', 'credits', 'day')
  redis.call('ZREM', heldKey, reservationId)
  if r[1] ~= 'held' then return 0 end
  redis.call('HSET', reservationKey, 'state', 'released')
  redis.call('EXPIRE', reservationKey, settledTtl)
  redis.call('INCRBY', prefix .. '${SEGMENT.balance}' .. r[2], r[3])
  local dailyKey = prefix .. '${SEGMENT.daily}' .. r[2] .. ':' .. r[4]
  local used = tonumber(redis.call('GET', dailyKey) or '0')
  if used > 0 then redis.call('SET', dailyKey, math.max(0, used - tonumber(r[3])), 'KEEPTTL') end
  return 1
end
`;

/**
 * KEYS: balance, reservation, held set.
 * ARGV: daily-key stem, credits, daily cap (-1: none), account id, endpoint, request id,
 *       reservation id, hold ms, reservation ttl s, daily-counter ttl s.
 * Returns {status, balance, dailyUsed, day}: 0 held now, 1 already held (a retry),
 * 2 daily cap reached, 3 balance too low. The cap and the balance are checked and taken in
 * the same step, so concurrent reservations can never overdraw either.
 */
export const RESERVE = new LuaScript(`${CLOCK}
local nowMs, day = clock()
local dailyKey = ARGV[1] .. day
local balance = tonumber(redis.call('GET', KEYS[1]) or '0')
local used = tonumber(redis.call('GET', dailyKey) or '0')
if redis.call('EXISTS', KEYS[2]) == 1 then return {1, balance, used, day} end
local credits = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
if cap >= 0 and used + credits > cap then return {2, balance, used, day} end
if balance < credits then return {3, balance, used, day} end
balance = redis.call('DECRBY', KEYS[1], credits)
used = redis.call('INCRBY', dailyKey, credits)
redis.call('EXPIRE', dailyKey, ARGV[10])
redis.call('HSET', KEYS[2], 'acct', ARGV[4], 'credits', credits, 'day', day, 'state', 'held', 'endpoint', ARGV[5], 'requestId', ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[9])
redis.call('ZADD', KEYS[3], nowMs + tonumber(ARGV[8]), ARGV[7])
return {0, balance, used, day}
`);

/**
 * KEYS: reservation, held set. ARGV: key prefix, reservation id, settled ttl s, usage-log length.
 * Returns 1 when this call charged, 0 when the reservation was not held (committed before,
 * released, or unknown): a retried commit never charges twice.
 */
export const COMMIT = new LuaScript(`${CLOCK}
local r = redis.call('HMGET', KEYS[1], 'state', 'acct', 'credits', 'endpoint', 'requestId')
if r[1] ~= 'held' then return 0 end
local nowMs = clock()
redis.call('HSET', KEYS[1], 'state', 'committed')
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[2])
local logKey = ARGV[1] .. '${SEGMENT.usageLog}' .. r[2]
redis.call('LPUSH', logKey, cjson.encode({ kind = 'charge', endpoint = r[4], credits = tonumber(r[3]), atMs = string.format('%d', nowMs), requestId = r[5] }))
redis.call('LTRIM', logKey, 0, tonumber(ARGV[4]) - 1)
return 1
`);

/**
 * KEYS: reservation, held set. ARGV: key prefix, reservation id, settled ttl s.
 * Returns 1 when this call gave credits back, 0 otherwise: a release after a commit or a
 * second release refunds nothing.
 */
export const RELEASE = new LuaScript(`${RELEASE_ONE}
return releaseOne(ARGV[1], ARGV[2], KEYS[2], ARGV[3])
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
  released = released + releaseOne(ARGV[1], reservationId, KEYS[1], ARGV[2])
end
return released
`);

/** KEYS: balance. ARGV: daily-key stem. Returns {balance, dailyUsed, day} on the server's UTC day. */
export const USAGE = new LuaScript(`${CLOCK}
local _, day = clock()
return { tonumber(redis.call('GET', KEYS[1]) or '0'), tonumber(redis.call('GET', ARGV[1] .. day) or '0'), day }
`);
