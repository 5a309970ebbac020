import { createHash } from 'node:crypto';
import { canonicalJson } from './content-hash.js';

/**
 * A watched target: one endpoint with one set of canonical parameters. Every change subscription
 * and every `watch*` stream on the same target shares one poll of it.
 */
export interface WatchTarget {
  endpoint: string;
  params: Record<string, unknown>;
}

/**
 * The target's key: a hash of the endpoint path and the canonical JSON of its parameters (keys
 * sorted), so parameters given in another order are the same target. Hex only: it names Redis
 * keys, a BullMQ job scheduler and a lease.
 */
export function watchTargetKey(target: WatchTarget): string {
  return `w_${createHash('sha256')
    .update(`${target.endpoint}\n${canonicalJson(target.params)}`)
    .digest('hex')
    .slice(0, 40)}`;
}

export const isWatchTargetKey = (id: string): boolean => /^w_[0-9a-f]{40}$/.test(id);

/** The pub/sub topic on which each poll of a target is published to every process. */
export const watchTopic = (key: string): string => `watch:${key}`;

/** The lease name of a target's poll: one poll of a target runs at a time, in any process. */
export const watchPollLeaseName = (key: string): string => `watch-poll:${key}`;

/** One subscriber of a target. */
export interface WatchSubscriber {
  /** How often this subscriber asked to be told (ms); the target is polled at the shortest. */
  intervalMs: number;
  /**
   * Epoch ms after which the entry no longer counts (a stream renews it while open, so a process
   * that died with streams open stops their polls); null for a change subscription (until deleted).
   */
  expiresAt: number | null;
}

/** What one poll of a target found, as published to every subscriber. */
export type WatchSnapshot = { key: string; fetchedAt: string; pollIntervalMs: number } & (
  { ok: true; hash: string; data: unknown; empty: boolean } | { ok: false; error: { code: string; message: string } }
);

/** How many targets are watched and by how many subscribers (for /metrics). */
export interface WatchCounts {
  targets: number;
  subscribers: number;
}
