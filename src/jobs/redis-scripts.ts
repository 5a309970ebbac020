import { LuaScript } from '../state/redis/lua-script.js';

/**
 * The job store's atomic steps. KEYS of one job are always: 1 job hash, 2 targets hash,
 * 3 results hash, 4 attempts hash (one hash tag, so one slot on a cluster); so finishing a job
 * can give all four their expiry at once.
 */

const EXPIRE_ALL = `
local function expireAll(ttl)
  for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ttl) end
end
`;

/**
 * KEYS: job, targets. ARGV: number of job fields, job field/value pairs, then target index/value pairs.
 * Writes the job only when it is not there yet (the second writer of a claimed id changes nothing).
 * Returns 1 when written, 0 when the job already existed.
 */
export const CREATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = tonumber(ARGV[1])
local job = {}
for i = 2, 1 + fields * 2 do job[#job + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(job))
local targets = {}
for i = 2 + fields * 2, #ARGV do targets[#targets + 1] = ARGV[i] end
-- HSET in slices: Lua's unpack has a stack limit far below a big batch's argument count.
for i = 1, #targets, 200 do
  redis.call('HSET', KEYS[2], unpack(targets, i, math.min(i + 199, #targets)))
end
return 1
`);

/**
 * KEYS: job, targets, results, attempts. ARGV: index, result JSON, failed (0/1), credits, now, retention s.
 * Returns -1 when the job is gone, 0 when the index already had a result, 1 when recorded.
 */
export const RECORD = new LuaScript(`${EXPIRE_ALL}
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[3], ARGV[1], ARGV[2]) == 0 then return 0 end
local done = redis.call('HINCRBY', KEYS[1], 'done', 1)
local failed = redis.call('HINCRBY', KEYS[1], 'failed', tonumber(ARGV[3]))
redis.call('HINCRBY', KEYS[1], 'creditsCharged', tonumber(ARGV[4]))
local j = redis.call('HMGET', KEYS[1], 'status', 'total', 'startedAt')
if j[1] ~= 'queued' and j[1] ~= 'running' then
  -- A late result of a canceled job: keep it exactly as long as the job itself.
  local ttl = redis.call('TTL', KEYS[1])
  if ttl > 0 then redis.call('EXPIRE', KEYS[3], ttl) end
  return 1
end
if j[3] == '' then redis.call('HSET', KEYS[1], 'startedAt', ARGV[5]) end
if done >= tonumber(j[2]) then
  local final = 'failed'
  if failed < done then final = 'succeeded' end
  redis.call('HSET', KEYS[1], 'status', final, 'finishedAt', ARGV[5])
  expireAll(tonumber(ARGV[6]))
else
  redis.call('HSET', KEYS[1], 'status', 'running')
end
return 1
`);

/** KEYS: job. ARGV: now. queued → running. */
export const MARK_RUNNING = new LuaScript(`
if redis.call('HGET', KEYS[1], 'status') == 'queued' then
  redis.call('HSET', KEYS[1], 'status', 'running', 'startedAt', ARGV[1])
end
return 1
`);

/** KEYS: job, targets, results, attempts. ARGV: now, retention s. queued or running → canceled. */
export const CANCEL = new LuaScript(`${EXPIRE_ALL}
local status = redis.call('HGET', KEYS[1], 'status')
if status == 'queued' or status == 'running' then
  redis.call('HSET', KEYS[1], 'status', 'canceled', 'finishedAt', ARGV[1])
  if ARGV[3] == 'abandoned' then redis.call('HSET', KEYS[1], 'abandoned', '1') end
  expireAll(tonumber(ARGV[2]))
end
return 1
`);

/** KEYS: idempotency claim. ARGV: the claim value of the abandoned job. Deletes the claim only while it names that job. */
export const RELEASE_CLAIM = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);
