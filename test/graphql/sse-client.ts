import { createClient, type Client, type ExecutionResult } from 'graphql-sse';

export type SseMode = 'single' | 'distinct';

/**
 * A graphql-sse client as a caller would write it: single-connection mode on /graphql/stream,
 * distinct-connections mode on /graphql (Yoga) unless `url` says otherwise.
 */
export function sseClient(baseUrl: string, key: string | null, mode: SseMode, url?: string): Client<boolean> {
  const headers = key === null ? undefined : { 'x-api-key': key };
  if (mode === 'single')
    return createClient({ url: url ?? `${baseUrl}/graphql/stream`, singleConnection: true, headers, retryAttempts: 0 });
  return createClient({ url: url ?? `${baseUrl}/graphql`, headers, retryAttempts: 0 });
}

export type Result = ExecutionResult<Record<string, any>, { billing?: { creditsCharged: number; liveFetches: number; cacheHits: number } }>;

/** A subscription's results as they arrive; `take(n)` waits for the next n, `rest()` for the end. */
export function follow(client: Client<boolean>, query: string, variables: Record<string, unknown> = {}) {
  const iterator = client.iterate({ query, variables }) as AsyncIterableIterator<Result>;
  return {
    async take(count: number): Promise<Result[]> {
      const results: Result[] = [];
      while (results.length < count) {
        const step = await iterator.next();
        if (step.done) throw new Error(`stream ended after ${results.length} of ${count} results`);
        results.push(step.value);
      }
      return results;
    },
    async rest(): Promise<Result[]> {
      const results: Result[] = [];
      for (;;) {
        const step = await iterator.next();
        if (step.done) return results;
        results.push(step.value);
      }
    },
    stop: () => iterator.return?.(),
  };
}

/** Resolves once `predicate` holds, polling (no time limit of its own: the test's timeout bounds it). */
export async function until(predicate: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
