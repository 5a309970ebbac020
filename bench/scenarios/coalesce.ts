import { Agent, request } from 'undici';
import { startInProcess } from '../support/in-process.js';
import { fmt, type Row } from '../support/table.js';

const CALLERS = 200;
const UPSTREAM_MS = 50;

/** 200 concurrent identical cold REST requests: one upstream request, every caller answered. */
export async function coalesce(): Promise<Row[]> {
  const server = await startInProcess(UPSTREAM_MS);
  const client = new Agent({ connections: CALLERS });
  try {
    const path = '/v1/forum/subreddit?subreddit=coldbench&limit=25&cache_max_age=1h';
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const response = await request(server.url + path, { dispatcher: client, headers: { 'x-api-key': server.key } });
        await response.body.dump();
        return response.statusCode;
      }),
    );
    const elapsed = performance.now() - started;
    const answered = statuses.filter((status) => status === 200).length;
    const upstream = server.upstream.requests.length;
    const scenario = `${CALLERS} concurrent identical cold REST requests (upstream ${UPSTREAM_MS} ms)`;
    return [
      {
        scenario,
        metric: 'upstream requests',
        measured: String(upstream),
        baseline: `${CALLERS} (no coalescing)`,
        ratio: fmt.ratio(upstream / CALLERS),
        target: '1',
        met: upstream === 1,
      },
      {
        scenario,
        metric: 'answered 200',
        measured: `${answered} in ${fmt.ms(elapsed)}`,
        baseline: String(CALLERS),
        ratio: fmt.ratio(answered / CALLERS),
        target: String(CALLERS),
        met: answered === CALLERS,
      },
    ];
  } finally {
    await client.destroy();
    await server.close();
  }
}
