import { LuaScript } from './lua-script.js';

/**
 * KEYS: account, balance (one account's tag). ARGV: key hash, daily cap ('' for none),
 * created-at ISO, opening credits.
 * Creates the account and its opening balance only when it does not exist, in one step, so
 * several processes seeding the same API_KEYS at once credit it exactly once. The accounts
 * index is another slot on a cluster: the caller adds to it in a step of its own.
 * Returns {status, dailyCap, createdAt} of the stored account.
 */
export const SEED = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'keyHash', ARGV[1], 'status', 'active', 'dailyCap', ARGV[2], 'createdAt', ARGV[3])
  redis.call('INCRBY', KEYS[2], ARGV[4])
end
return redis.call('HMGET', KEYS[1], 'status', 'dailyCap', 'createdAt')
`);

/** KEYS: account. ARGV: field, value. Sets the field of an existing account; returns 1, or 0 when there is none. */
export const UPDATE_ACCOUNT = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
`);
