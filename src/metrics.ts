import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BudgetSnapshot } from './upstream/budget/guard.js';
import { FLIGHT_ROLES } from './state/flights/flights.js';
import type { UpstreamObserver } from './upstream/observer.js';

/** Prometheus metrics of one process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const upstreamRequests = new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Requests sent to upstream hosts, by host and outcome (ok, redirect, or the error code the answer became)',
    labelNames: ['host', 'outcome'] as const,
    registers: [registry],
  });
  const budgetRefusals = new Counter({
    name: 'gateway_upstream_budget_refusals_total',
    help: 'Upstream calls refused without a request, by host and budget (announced: the platform said it is spent; ceiling: UPSTREAM_BUDGETS)',
    labelNames: ['host', 'budget'] as const,
    registers: [registry],
  });
  const coalescedJoins = new Counter({
    name: 'gateway_upstream_coalesced_joins_total',
    help: 'Callers that joined an identical upstream request or endpoint call already in flight instead of sending their own, by family',
    labelNames: ['family'] as const,
    registers: [registry],
  });
  const connectionRetries = new Counter({
    name: 'gateway_upstream_connection_retries_total',
    help: 'GETs sent again on a new connection because the platform closed or reset the one they went out on (a kept-alive connection gone stale) before any answer byte, by host',
    labelNames: ['host'] as const,
    registers: [registry],
  });
  const singleFlight = new Counter({
    name: 'gateway_single_flight_total',
    help: "Calls that missed the cache, by how they got their answer: holder (fetched it), waiter (handed an identical call's answer, from any process), takeover (fetched after the holder it waited on died or let its lease lapse), unshared (fetched alone: the state store could not coordinate)",
    labelNames: ['role'] as const,
    registers: [registry],
  });
  for (const role of FLIGHT_ROLES) singleFlight.inc({ role }, 0);
  let budgets: () => readonly BudgetSnapshot[] = () => [];
  new Gauge({
    name: 'gateway_upstream_budget_remaining',
    help: "Requests a host still allows before its reset, as this process last learned it, by host, egress (direct or a proxy's id), source (announced by the platform, or the UPSTREAM_BUDGETS ceiling) and, for a budget the platform keeps apart within a host (a method, a quota), its scope",
    labelNames: ['host', 'egress', 'source', 'scope'] as const,
    registers: [registry],
    collect() {
      // Only budgets that have not reset: a line disappears once its window is over.
      this.reset();
      for (const line of budgets())
        this.set(
          { host: line.host, egress: line.egress, source: line.source, ...(line.scope === undefined ? {} : { scope: line.scope }) },
          line.remaining,
        );
    },
  });
  const upstream: UpstreamObserver = {
    request: (host, outcome) => upstreamRequests.inc({ host, outcome }),
    refused: (host, budget) => budgetRefusals.inc({ host, budget }),
    joined: (family) => coalescedJoins.inc({ family }),
    flight: (role) => singleFlight.inc({ role }),
    connectionRetried: (host) => connectionRetries.inc({ host }),
  };
  const requests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15],
    registers: [registry],
  });
  // Labelled children kept per route and status (both bounded: registered routes, HTTP statuses):
  // finding a child from a label object hashes the labels on every request.
  const requestChildren = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'route'> }>();
  return {
    registry,
    /** Counts one answered request and its duration. */
    observeRequest(route: string, status: number, seconds: number): void {
      const key = `${status} ${route}`;
      let children = requestChildren.get(key);
      if (!children) requestChildren.set(key, (children = { count: requests.labels(route, String(status)), time: duration.labels(route) }));
      children.count.inc();
      children.time.observe(seconds);
    },
    /** observeRequest for one route, its labelled children found once per status instead of once per request. */
    routeObserver(route: string): (status: number, seconds: number) => void {
      const time = duration.labels(route);
      const counts = new Map<number, Counter.Internal>();
      return (status, seconds) => {
        let count = counts.get(status);
        if (!count) counts.set(status, (count = requests.labels(route, String(status))));
        count.inc();
        time.observe(seconds);
      };
    },
    /** Counts upstream requests, budget refusals and coalesced joins: hand it to the pipeline. */
    upstream,
    /** Where the remaining-budget gauge reads its lines (the pipeline's budget guard). */
    watchBudgets(source: () => readonly BudgetSnapshot[]): void {
      budgets = source;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Counts of shared watches, read at each scrape (every process reports the shared registry's figures). */
export interface SharedWatchCounts {
  targets: number;
  subscribers: number;
}

/**
 * Gauges of shared watches: targets polled (one poll per interval each) and their subscribers
 * (change subscriptions and open `watch*` streams). A failed read leaves the last figures.
 */
export function registerSharedWatchGauges(metrics: Metrics, read: () => Promise<SharedWatchCounts>): void {
  let latest: Promise<SharedWatchCounts | null> | null = null;
  // One read per scrape for both gauges.
  const counts = () =>
    (latest ??= read()
      .catch(() => null)
      .finally(() => setTimeout(() => (latest = null), 0).unref()));
  new Gauge({
    name: 'gateway_shared_watch_targets',
    help: 'Watched targets (endpoint and canonical parameters) polled once per interval for all their subscribers',
    registers: [metrics.registry],
    async collect() {
      const value = await counts();
      if (value) this.set(value.targets);
    },
  });
  new Gauge({
    name: 'gateway_shared_watch_subscribers',
    help: 'Change subscriptions and open watch streams sharing the polls of watched targets',
    registers: [metrics.registry],
    async collect() {
      const value = await counts();
      if (value) this.set(value.subscribers);
    },
  });
}

/** Counts requests the overload guard shed (503 before admission); returns what counts one. */
export function registerShedCounter(metrics: Metrics): () => void {
  const shed = new Counter({
    name: 'gateway_requests_shed_total',
    help: 'Requests refused with 503 before admission because the process was saturated (event-loop delay over OVERLOAD_MAX_EVENT_LOOP_DELAY_MS)',
    registers: [metrics.registry],
  });
  return () => shed.inc();
}
