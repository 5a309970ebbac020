import autocannon, { type Options } from 'autocannon';

/** One load run's figures: mean requests a second and latency percentiles in milliseconds. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
}

/**
 * Runs autocannon against a loopback URL for a bounded time (or amount) and reduces the
 * result to the figures the table prints. A short warm-up run first lets the JIT and the
 * connection pools settle, so the measured run is steady state.
 */
export async function load(options: Options, warmupSeconds = 1): Promise<LoadFigures> {
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds, amount: undefined });
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result['2xx'] + result.non2xx,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}
