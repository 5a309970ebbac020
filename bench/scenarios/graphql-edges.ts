import { Agent, request } from 'undici';
import type { RecordedRequest } from '../../src/catalogue/demo-world.js';
import { startForumUpstream } from '../support/forum-upstream.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget } from '../support/target-process.js';

const UPSTREAM_MS = 50;
const AUTHORS = 5;
const RUNS = 100;
const QUERY = '{ forumSubreddit(subreddit: "graphbench", limit: 25) { items { title author { handle followerCount } } } }';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * GraphQL forumSubreddit (25 items) with author { followerCount } over an upstream answering
 * in a fixed 50 ms: upstream requests per query against 1 + distinct authors, and latency
 * against the ideal of two sequential round trips. Queries run one at a time, live (no cacheMaxAge).
 * The gateway runs in a child process: the upstream's timers and bodies, here, do not share its
 * event loop, so the latency above two round trips is the gateway's own.
 */
export async function graphqlEdges(): Promise<Row[]> {
  const { upstream, origin } = await startForumUpstream(UPSTREAM_MS);
  const target = await startTarget({ BENCH_UPSTREAM_ORIGIN: origin });
  const server = { upstream };
  const client = new Agent({ connections: 1 });
  try {
    const send = async () => {
      const response = await request(`${target.gatewayUrl}/graphql`, {
        method: 'POST',
        dispatcher: client,
        headers: { 'content-type': 'application/json', 'x-api-key': target.key },
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
    const newConnections = server.upstream.connections - connectionsBefore;
    const bare = await bareRoundTrips(origin, server.upstream.requests.slice(-perQuery.at(-1)!));
    const ideal = percentile(bare, 50);
    const p50 = percentile(latencies, 50);
    const maxPerQuery = Math.max(...perQuery);
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
        baseline: `${fmt.ms(ideal)} (the 2 round trips, bare)`,
        ratio: fmt.ratio(p50 / ideal),
        target: `<= ${fmt.ms(ideal + 10)}`,
        met: p50 <= ideal + 10,
      },
      {
        scenario,
        metric: 'p99 latency',
        measured: fmt.ms(percentile(latencies, 99)),
        baseline: fmt.ms(percentile(bare, 99)),
        ratio: fmt.ratio(percentile(latencies, 99) / percentile(bare, 99)),
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
    await target.stop();
    await upstream.stop();
  }
}

/**
 * The baseline: the same upstream requests a query made, sent straight to the fake upstream
 * from this process (the listing, then the authors at once), timed the same way.
 */
async function bareRoundTrips(origin: string, made: readonly RecordedRequest[]): Promise<number[]> {
  const [listingRequest, ...authors] = made;
  const agent = new Agent({ connections: AUTHORS + 1 });
  const get = async (path: string) => {
    const response = await request(origin + path, { dispatcher: agent, headers: { 'x-forwarded-host': listingRequest!.host ?? '' } });
    await response.body.arrayBuffer();
  };
  const latencies: number[] = [];
  try {
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      await get(listingRequest!.url);
      await Promise.all(authors.map((author) => get(author.url)));
      if (run >= 3) latencies.push(performance.now() - started);
    }
  } finally {
    await agent.close();
  }
  return latencies.sort((a, b) => a - b);
}
