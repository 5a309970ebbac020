/**
 * `node --import tsx bench/news-page.ts`: the time to serve a 30-story Hacker News page live
 * (one list request, then 30 item requests, at most 10 in flight) against a fake upstream that
 * answers every request after 50 ms, beside the ideal measured in the same run: a bare client
 * making the two round trips itself (the list, then all 30 items at once) and parsing them.
 */
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { FakeUpstream } from '../test/support/fake-upstream-server.js';
import { ALGOLIA, FIREBASE, newsWorld } from '../src/families/news/demo/hacker-news.js';
import { fmt, renderTable, type Row } from './support/table.js';
import { catalogue } from '../test/support/registered-catalogue.js';

const UPSTREAM_MS = 50;
const RUNS = 15;
const KEY = 'sk_bench_news_0001';
const PAGE = 30;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<void>): Promise<number[]> {
  await run(); // warm the connections
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const upstream = new FakeUpstream().on(newsWorld({ delayMs: UPSTREAM_MS }));
  const origin = await upstream.start();
  const config = loadConfig(
    {
      API_KEYS: `${KEY}=1000000000`,
      UPSTREAM_ORIGINS: [FIREBASE, ALGOLIA].map((host) => `${host}=${origin}`).join(','),
      LOG_LEVEL: 'silent',
    },
    catalogue.families,
  );
  const gateway = await createGateway(config, { catalogue });
  await gateway.server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;
  const client = new Agent({ connections: 64 });
  const getJson = async (target: string, headers: Record<string, string>) => {
    const response = await request(target, { dispatcher: client, headers });
    return (await response.body.json()) as unknown;
  };
  try {
    const before = upstream.requests.length;
    const served = await timed(async () => {
      const body = (await getJson(`${url}/v1/news/stories?list=top&limit=${PAGE}&cache_max_age=0`, { 'x-api-key': KEY })) as {
        data: { items: unknown[] };
      };
      if (body.data.items.length !== PAGE) throw new Error('the page was not whole');
    });
    const perPage = (upstream.requests.length - before) / (RUNS + 1);
    const direct = { 'x-forwarded-host': FIREBASE };
    const ideal = await timed(async () => {
      const ids = (await getJson(`${origin}/v0/topstories.json`, direct)) as number[];
      await Promise.all(ids.slice(0, PAGE).map((id) => getJson(`${origin}/v0/item/${id}.json`, direct)));
    });
    const scenario = `a ${PAGE}-story page, live, upstream ${UPSTREAM_MS} ms a request`;
    const rows: Row[] = [
      {
        scenario,
        metric: 'median time to serve',
        measured: fmt.ms(median(served)),
        baseline: `${fmt.ms(median(ideal))} (two round trips, bare client)`,
        ratio: fmt.ratio(median(served) / median(ideal)),
        // At most 10 items in flight makes the page 1 + 3 round trips where the ideal makes 2: 2.0 is the floor.
        target: `~${fmt.ratio((1 + Math.ceil(PAGE / 10)) / 2)} (${1 + Math.ceil(PAGE / 10)} round trips, 10 in flight)`,
        met: null,
      },
      {
        scenario,
        metric: 'upstream requests a page',
        measured: String(perPage),
        baseline: String(PAGE + 1),
        ratio: fmt.ratio(perPage / (PAGE + 1)),
        target: String(PAGE + 1),
        met: perPage === PAGE + 1,
      },
    ];
    process.stdout.write(`${renderTable(rows)}\n`);
  } finally {
    await client.destroy();
    await gateway.close();
    await upstream.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
