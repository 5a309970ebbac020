import { request, type ClientRequest } from 'node:http';
import { fmt, type Row } from '../support/table.js';
import { startSseTarget, type SseTarget } from '../support/sse-target-process.js';
import type { SseDoor } from '../sse-target.js';

/** SSE_SUBSCRIBERS overrides it (for profiling at a smaller scale). */
const SUBSCRIBERS = Number(process.env.SSE_SUBSCRIBERS ?? 10_000);
const CONNECT_BATCH = 200;
/** Connecting every subscriber of one target must finish within this (the scenario stays bounded). */
const CONNECT_DEADLINE_MS = 45_000;
const HEAP_TARGET_BYTES = 12 * 1024;
const P99_TARGET_RATIO = 2;
/** Events published one after another after the warm-up; each latency figure is the median event's. */
const MEASURED_EVENTS = 5;
const wallClockMs = () => performance.timeOrigin + performance.now();

interface Subscriber {
  request: ClientRequest;
  /** Wall-clock arrival of each event's bytes, by the sentAt the target stamped on it. */
  received: Map<number, number>;
}

/** One SSE subscriber: resolves once the stream's first bytes (the opening ping comment) arrive. */
function subscribe(target: SseTarget): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const received = new Map<number, number>();
    const outgoing = request(target.url, {
      method: target.body ? 'POST' : 'GET',
      agent: false,
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'x-api-key': target.key },
    });
    outgoing.once('error', reject);
    outgoing.once('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`subscriber got ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffered = '';
      let opened = false;
      response.on('data', (chunk: string) => {
        const at = wallClockMs();
        if (!opened) {
          opened = true;
          resolve({ request: outgoing, received });
        }
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const sentAt = /"sentAt":([\d.]+)/.exec(message)?.[1];
          if (sentAt) received.set(Number(sentAt), at);
        }
      });
    });
    outgoing.end(target.body || undefined);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function until(predicate: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('SSE bench: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One event to every subscriber: its per-subscriber delivery latency, sorted. */
async function fanOut(target: SseTarget, subscribers: Subscriber[]): Promise<number[]> {
  const { sentAt } = await target.ask({ type: 'publish' }, 'published');
  await until(() => subscribers.every((subscriber) => subscriber.received.has(sentAt)));
  return subscribers.map((subscriber) => subscriber.received.get(sentAt)! - sentAt).sort((a, b) => a - b);
}

interface Figures {
  bytesPerSubscriber: number;
  heapPerSubscriber: number;
  p50: number;
  p99: number;
  /** Wall time from the first connection to the measured fan-out. */
  seconds: number;
}

async function measure(kind: 'gateway' | 'bare', door?: SseDoor): Promise<Figures> {
  const target = await startSseTarget(kind, door);
  const subscribers: Subscriber[] = [];
  const started = Date.now();
  try {
    const before = await target.ask({ type: 'stats' }, 'stats');
    while (subscribers.length < SUBSCRIBERS) {
      if (Date.now() - started > CONNECT_DEADLINE_MS)
        throw new Error(`SSE bench: only ${subscribers.length} of ${SUBSCRIBERS} subscribers connected in ${CONNECT_DEADLINE_MS / 1000} s`);
      const batch = Math.min(CONNECT_BATCH, SUBSCRIBERS - subscribers.length);
      subscribers.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(target)))));
    }
    // Every stream follows the topic before anything is measured.
    await until(async () => (await target.ask({ type: 'listeners' }, 'listeners')).count >= SUBSCRIBERS);
    const after = await target.ask({ type: 'stats' }, 'stats');
    await fanOut(target, subscribers); // warm-up: first-event code paths and buffers
    // One event's figures swing with whatever else the shared cores run: the median event of several.
    const events: number[][] = [];
    for (let event = 0; event < MEASURED_EVENTS; event += 1) events.push(await fanOut(target, subscribers));
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      bytesPerSubscriber: (after.rss - before.rss) / SUBSCRIBERS,
      heapPerSubscriber: (after.heapUsed + after.external - before.heapUsed - before.external) / SUBSCRIBERS,
      p50: median(events.map((latencies) => percentile(latencies, 50))),
      p99: median(events.map((latencies) => percentile(latencies, 99))),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    for (const subscriber of subscribers) subscriber.request.destroy();
    await target.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The four rows of one door, each beside the bare server's figure of the same run. */
function rows(door: SseDoor, gateway: Figures, bare: Figures): Row[] {
  const mode = door === '/graphql' ? 'Yoga' : 'graphql-sse';
  const scenario = `SSE: ${fmt.int(SUBSCRIBERS)} subscribers to subscriptionEvents (${door}, ${mode}, distinct), median of ${MEASURED_EVENTS} events, ${gateway.seconds.toFixed(0)} s`;
  const row = (
    metric: string,
    measured: string,
    baseline: string,
    ratio: number,
    target = '- (reference)',
    met: boolean | null = null,
  ): Row => ({
    scenario,
    metric,
    measured,
    baseline: `${baseline} (bare http)`,
    ratio: fmt.ratio(ratio),
    target,
    met,
  });
  const p99Ratio = gateway.p99 / bare.p99;
  return [
    row(
      'RSS per subscriber',
      kb(gateway.bytesPerSubscriber),
      kb(bare.bytesPerSubscriber),
      gateway.bytesPerSubscriber / bare.bytesPerSubscriber,
    ),
    row(
      'heap+external per subscriber',
      kb(gateway.heapPerSubscriber),
      kb(bare.heapPerSubscriber),
      gateway.heapPerSubscriber / bare.heapPerSubscriber,
      `<= ${kb(HEAP_TARGET_BYTES)}`,
      gateway.heapPerSubscriber <= HEAP_TARGET_BYTES,
    ),
    row('fan-out latency p50', fmt.ms(gateway.p50), fmt.ms(bare.p50), gateway.p50 / bare.p50),
    row(
      'fan-out latency p99',
      fmt.ms(gateway.p99),
      fmt.ms(bare.p99),
      p99Ratio,
      `<= ${P99_TARGET_RATIO.toFixed(2)} x`,
      p99Ratio <= P99_TARGET_RATIO,
    ),
  ];
}

/**
 * 10,000 concurrent SSE subscribers on one process, each following subscriptionEvents(id) of
 * one change subscription in distinct-connections mode, on each GraphQL door (Yoga on
 * /graphql, graphql-sse on /graphql/stream; a fresh gateway process per door), then one
 * warm-up event published on the topic and five measured ones: extra memory per subscriber (RSS and heap+external
 * after a GC, before and after connecting) and each event's delivery latency to every
 * subscriber, p50 and p99 of the median event. Before each door, the same figures for a bare node:http SSE server writing the same
 * bytes to as many clients, so each door's ratios are against a baseline taken moments before.
 * The subscribers live in this process (one socket each: ulimit -n must exceed SUBSCRIBERS).
 */
export async function sse(): Promise<Row[]> {
  const result: Row[] = [];
  for (const door of ['/graphql', '/graphql/stream'] as const) {
    const bare = await measure('bare');
    const gateway = await measure('gateway', door);
    result.push(...rows(door, gateway, bare));
  }
  return result;
}
