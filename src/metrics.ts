import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'gateway_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'gateway_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15],
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
