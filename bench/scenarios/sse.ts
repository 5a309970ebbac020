import { request, type ClientRequest } from 'node:http';
import { fmt, type Row } from '../support/table.js';
import { startSseTarget, type SseTarget } from '../support/sse-target-process.js';

const SUBSCRIBERS = 1000;
const CONNECT_BATCH = 100;
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
}

async function measure(kind: 'gateway' | 'bare'): Promise<Figures> {
  const target = await startSseTarget(kind);
  const subscribers: Subscriber[] = [];
  try {
    const before = await target.ask({ type: 'stats' }, 'stats');
    while (subscribers.length < SUBSCRIBERS) {
      const batch = Math.min(CONNECT_BATCH, SUBSCRIBERS - subscribers.length);
      subscribers.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(target)))));
    }
    // Every stream follows the topic before anything is measured.
    await until(async () => (await target.ask({ type: 'listeners' }, 'listeners')).count >= SUBSCRIBERS);
    const after = await target.ask({ type: 'stats' }, 'stats');
    await fanOut(target, subscribers); // warm-up: first-event code paths and buffers
    const latencies = await fanOut(target, subscribers);
    return {
      bytesPerSubscriber: (after.rss - before.rss) / SUBSCRIBERS,
      heapPerSubscriber: (after.heapUsed + after.external - before.heapUsed - before.external) / SUBSCRIBERS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    for (const subscriber of subscribers) subscriber.request.destroy();
    await target.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * 1,000 concurrent SSE subscribers on one process, each following subscriptionEvents(id) of
 * one change subscription over Yoga's distinct-connections mode on /graphql, then one event
 * published on the topic: extra memory per subscriber (RSS and heap after a GC, before and
 * after connecting) and the event's delivery latency to every subscriber, p50 and p99. The
 * same figures for a bare node:http SSE server writing the same bytes, in the same run.
 */
export async function sse(): Promise<Row[]> {
  const bare = await measure('bare');
  const gateway = await measure('gateway');
  const scenario = `SSE: ${fmt.int(SUBSCRIBERS)} subscribers to subscriptionEvents (/graphql, distinct), 1 event`;
  const row = (metric: string, measured: string, baseline: string, ratio: number): Row => ({
    scenario,
    metric,
    measured,
    baseline: `${baseline} (bare http)`,
    ratio: fmt.ratio(ratio),
    target: '- (reference)',
    met: null,
  });
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
    ),
    row('fan-out latency p50', fmt.ms(gateway.p50), fmt.ms(bare.p50), gateway.p50 / bare.p50),
    row('fan-out latency p99', fmt.ms(gateway.p99), fmt.ms(bare.p99), gateway.p99 / bare.p99),
  ];
}
