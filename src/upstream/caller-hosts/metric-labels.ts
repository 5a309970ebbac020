import type { UpstreamObserver } from '../observer.js';

/** The metrics label of every host no family declares: callers choose those names, without bound. */
export const CALLER_NAMED_LABEL = 'caller-named';

/** Every host some family declares, lower-cased: the hosts metrics may name one by one. */
export const declaredHostsOf = (families: readonly { hosts: readonly string[] }[]): ReadonlySet<string> =>
  new Set(families.flatMap((family) => family.hosts.map((host) => host.toLowerCase())));

/**
 * The observer with every host no family declares counted under one label, so hosts that callers
 * name (a store, an instance) cannot grow the metrics without bound.
 */
export function callerHostLabels(observer: UpstreamObserver, declared: ReadonlySet<string>): UpstreamObserver {
  const label = (host: string): string => (declared.has(host) ? host : CALLER_NAMED_LABEL);
  return {
    request: observer.request && ((host, outcome) => observer.request!(label(host), outcome)),
    refused: observer.refused && ((host, budget) => observer.refused!(label(host), budget)),
    joined: observer.joined,
    connectionRetried: observer.connectionRetried && ((host) => observer.connectionRetried!(label(host))),
    flight: observer.flight,
  };
}
