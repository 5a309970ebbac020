export { LeaseLostError, type Leases } from './lease.js';
export { holdLease, type HeldLease, type HoldOptions } from './hold.js';
export { MemoryLeases } from './memory.js';
export { RedisLeases } from './redis.js';
