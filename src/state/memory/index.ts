import { MemoryFlights } from '../flights/memory.js';
import type { StateAdapters } from '../ports.js';
import { MemoryAdmissionReads } from './admission-reads.js';
import { MemoryCache } from './cache.js';
import { MemoryKeys } from './keys.js';
import { MemoryLedger } from './ledger.js';
import { MemoryPubSub } from './pubsub.js';

/** Embedded state for one process: nothing survives a restart. */
export function createMemoryState(options: { cacheMaxBytes: number; cacheRetentionSeconds: number; holdMs?: number }): StateAdapters {
  const ledger = new MemoryLedger({ holdMs: options.holdMs });
  const keys = new MemoryKeys(ledger);
  return {
    ledger,
    keys,
    admissionReads: new MemoryAdmissionReads(keys, ledger),
    cache: new MemoryCache({ maxBytes: options.cacheMaxBytes, retentionSeconds: options.cacheRetentionSeconds }),
    pubsub: new MemoryPubSub(),
    flights: new MemoryFlights(),
    ready: async () => true,
    close: async () => {},
  };
}
