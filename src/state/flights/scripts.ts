import { LuaScript } from '../redis/lua-script.js';

/**
 * KEYS[1] the flight's lease. ARGV: a new token, the lease's ttl (ms). Takes the lease when it
 * is free; either way answers whose it is: {1, our token} or {0, the holder's token}.
 */
export const TAKE = new LuaScript(`
local current = redis.call('GET', KEYS[1])
if current then return {0, current} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, ARGV[1]}`);

/** KEYS[1] the lease. ARGV: token, ttl (ms). Extends the lease only while it holds our token; 1 when it did. */
export const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/**
 * KEYS[1] the lease, KEYS[2] the flight's answer. ARGV: token, answer, how long the answer is
 * kept (ms). Stores the answer and frees the lease in one step, so a waiter that finds the lease
 * gone always finds the answer beside it.
 */
export const FINISH = new LuaScript(`
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`);

/** KEYS[1] the lease. ARGV: token. Frees the lease of a flight that ends without an answer, only while it is ours. */
export const ABANDON = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

/**
 * KEYS[1] the lease, KEYS[2] the answer of the flight waited on. {1, answer} once it has
 * landed; otherwise {0, the lease's current token ('' when free), its ttl left (ms)}.
 */
export const CHECK = new LuaScript(`
local answer = redis.call('GET', KEYS[2])
if answer then return {1, answer} end
local current = redis.call('GET', KEYS[1])
if not current then return {0, '', -2} end
return {0, current, redis.call('PTTL', KEYS[1])}`);
