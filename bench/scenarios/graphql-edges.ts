import { Agent, request } from 'undici';
import { startInProcess } from '../support/in-process.js';
import { fmt, type Row } from '../support/table.js';

const UPSTREAM_MS = 50;
const AUTHORS = 5;
const RUNS = 30;
const QUERY = '{ forumSubreddit(subreddit: "graphbench", limit: 25) { items { title author { handle followerCount } } } }';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * GraphQL forumSubreddit (25 items) with author { followerCount } over an upstream answering
 * in a fixed 50 ms: upstream requests per query against 1 + distinct authors, and latency
 * against the ideal of two sequential round trips. Queries run one at a time, live (no cacheMaxAge).
 */
export async function graphqlEdges(): Promise<Row[]> {
  const server = await startInProcess(UPSTREAM_MS);
  const client = new Agent({ connections: 1 });
  try {
    const send = async () => {
      const response = await request(`${server.url}/graphql`, {
        method: 'POST',
        dispatcher: client,
        headers: { 'content-type': 'application/json', 'x-api-key': server.key },
        body: JSON.stringify({ query: QUERY }),
      });
      const body = (await response.body.json()) as { errors?: unknown[]; data?: { forumSubreddit?: { items: unknown[] } } };
      if (response.statusCode !== 200 || body.errors || body.data?.forumSubreddit?.items.length !== 25)
        throw new Error(`graphql bench query failed: ${JSON.stringify(body).slice(0, 300)}`);
    };
    for (let warm = 0; warm < 3; warm++) await send();
    const connectionsBefore = server.upstream.connections;
    server.upstream.requests.length = 0;
    const latencies: number[] = [];
    const perQuery: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const before = server.upstream.requests.length;
      const started = performance.now();
      await send();
      latencies.push(performance.now() - started);
      perQuery.push(server.upstream.requests.length - before);
    }
    latencies.sort((a, b) => a - b);
    const ideal = 2 * UPSTREAM_MS;
    const p50 = percentile(latencies, 50);
    const maxPerQuery = Math.max(...perQuery);
    const newConnections = server.upstream.connections - connectionsBefore;
    const scenario = `GraphQL forumSubreddit + author (25 items, ${AUTHORS} authors, upstream ${UPSTREAM_MS} ms, ${RUNS} runs)`;
    return [
      {
        scenario,
        metric: 'upstream requests/query',
        measured: String(maxPerQuery),
        baseline: `${1 + AUTHORS} (1 + authors)`,
        ratio: fmt.ratio(maxPerQuery / (1 + AUTHORS)),
        target: '= 1 + authors',
        met: maxPerQuery === 1 + AUTHORS,
      },
      {
        scenario,
        metric: 'p50 latency',
        measured: fmt.ms(p50),
        baseline: `${fmt.ms(ideal)} (2 round trips)`,
        ratio: fmt.ratio(p50 / ideal),
        target: `<= ${ideal + 10} ms`,
        met: p50 <= ideal + 10,
      },
      {
        scenario,
        metric: 'p99 latency',
        measured: fmt.ms(percentile(latencies, 99)),
        baseline: fmt.ms(ideal),
        ratio: fmt.ratio(percentile(latencies, 99) / ideal),
        target: '-',
        met: null,
      },
      {
        scenario,
        metric: 'upstream connections opened',
        measured: `${newConnections} for ${perQuery.reduce((a, b) => a + b, 0)} requests`,
        baseline: '-',
        ratio: '-',
        target: 'reused (keep-alive)',
        met: newConnections <= AUTHORS + 1,
      },
    ];
  } finally {
    await client.destroy();
    await server.close();
  }
}
