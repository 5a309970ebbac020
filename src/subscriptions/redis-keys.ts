/**
 * Where subscriptions and shared watches live in Redis. A subscription's keys share the hash tag
 * `{subscriptionId}` and a watched target's keys the tag `{targetKey}`, so on a Redis Cluster each
 * sits in one slot and changes atomically; the indexes across them (an account's subscriptions,
 * the set of watched targets) are keys of their own, written in separate idempotent steps.
 */
export function subscriptionKeys(prefix: string, id: string): { record: string; attempts: string } {
  const record = `${prefix}sub:{${id}}`;
  return { record, attempts: `${record}:attempts` };
}

/** Sorted set of an account's subscription ids by creation time (ms). */
export const accountSubscriptionsKey = (prefix: string, accountId: string): string => `${prefix}subs:{${accountId}}`;

export type WatchPart = 'subs' | 'target' | 'every' | 'latest';

/** `subs` (hash: subscriber id -> JSON entry), `target` (endpoint and parameters), `every` (poll interval ms), `latest` (last poll). */
export const watchKey = (prefix: string, targetKey: string, part: WatchPart): string => `${prefix}watch:{${targetKey}}:${part}`;

/** Set of watched target keys (for the metrics). */
export const watchTargetsKey = (prefix: string): string => `${prefix}watch:targets`;
