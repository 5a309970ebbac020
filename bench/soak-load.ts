import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from '../test/support/fake-upstream-server.js';
import { listing, postsByAuthors } from '../test/families/forum/forum-data.js';

/**
 * The soak's loopback world: a forum upstream whose watched listings change on a clock and
 * which can hang, a webhook receiver, and the tally of every request the load sent.
 */

/** A forum stand-in: /r/watch*\/hot.json changes every `changeEveryMs`; everything can hang. */
export class SoakUpstream {
  readonly upstream = new FakeUpstream();
  /** Fetch times (ms) per watched community: each one is a subscription check reaching the upstream. */
  readonly watchFetches = new Map<string, number[]>();
  /** Answers are held until this time (an upstream hang). */
  hangUntil = 0;
  readonly #startedAt = Date.now();
  readonly #changeEveryMs: number;

  constructor(changeEveryMs: number) {
    this.#changeEveryMs = changeEveryMs;
    this.upstream.on((_request, url) => {
      const match = /^\/r\/([^/]+)\/hot\.json$/.exec(url.pathname);
      if (!match) return undefined;
      const name = match[1]!;
      const delayMs = Math.max(0, this.hangUntil - Date.now());
      if (!name.startsWith('watch')) return { body: listing(postsByAuthors(3, 3)), delayMs };
      const fetches = this.watchFetches.get(name) ?? [];
      fetches.push(Date.now());
      this.watchFetches.set(name, fetches);
      return {
        body: listing([
          { id: `${name.replace(/[^a-z0-9]/g, '')}v${this.version()}`, author: 'watcher' },
          { id: 'fixed1', author: 'bob' },
        ]),
        delayMs,
      };
    });
  }

  /** The watched listings' current content version. */
  version(): number {
    return Math.floor((Date.now() - this.#startedAt) / this.#changeEveryMs);
  }

  start(): Promise<string> {
    return this.upstream.start();
  }

  stop(): Promise<void> {
    return this.upstream.stop();
  }
}

export interface Delivery {
  subscriptionId: string;
  webhookId: string;
  type: string;
  at: number;
  /** The first item's id: which content version was delivered. */
  firstItem: string | null;
}

/** Records every webhook delivery and answers 200. */
export class SoakReceiver {
  readonly deliveries: Delivery[] = [];
  readonly #server: Server;

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            type: string;
            subscriptionId: string;
            data?: { items?: { id: string }[] };
          };
          this.deliveries.push({
            subscriptionId: body.subscriptionId,
            webhookId: String(req.headers['webhook-id']),
            type: body.type,
            at: Date.now(),
            firstItem: body.data?.items?.[0]?.id ?? null,
          });
        } catch {
          // Counted nowhere: the gateway only sends JSON.
        }
        res.writeHead(200).end('ok');
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A response body as the soak reads it: loosely, since it only tallies. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely on purpose
export type Json = Record<string, any>;

/** How one request ended: an HTTP status, or a connection failure. */
export type Outcome = `${number}` | 'refused (process down)' | 'lost in flight' | 'malformed body';

export interface Answer {
  outcome: Outcome;
  status: number | null;
  body: Json | null;
  creditsCharged: number;
}

/** Counts per outcome, per kind of request, and the credits the gateway reported per key. */
export class Tally {
  readonly byOutcome = new Map<string, number>();
  readonly reportedCredits = new Map<string, number>();
  /** Requests per key whose answer was lost in flight (each may have been charged). */
  readonly lostPaid = new Map<string, number>();
  slowest503Ms = 0;
  total = 0;

  record(kind: string, key: string, answer: Answer, elapsedMs: number, mayCharge: boolean): void {
    this.total += 1;
    const label = `${kind.padEnd(14)} ${answer.outcome}`;
    this.byOutcome.set(label, (this.byOutcome.get(label) ?? 0) + 1);
    this.reportedCredits.set(key, (this.reportedCredits.get(key) ?? 0) + answer.creditsCharged);
    if (answer.outcome === 'lost in flight' && mayCharge) this.lostPaid.set(key, (this.lostPaid.get(key) ?? 0) + 1);
    if (answer.status === 503) this.slowest503Ms = Math.max(this.slowest503Ms, elapsedMs);
  }
}

/** One JSON request; connection failures become outcomes, never exceptions. */
export async function call(baseUrl: string, method: string, path: string, key: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return { outcome: code === 'ECONNREFUSED' ? 'refused (process down)' : 'lost in flight', status: null, body: null, creditsCharged: 0 };
  }
  let parsed: Json;
  try {
    parsed = (await response.json()) as Json;
  } catch {
    // The process died while sending the body: as lost as a reset connection.
    return {
      outcome: response.status === 200 ? 'lost in flight' : 'malformed body',
      status: response.status,
      body: null,
      creditsCharged: 0,
    };
  }
  const charged = Number(response.headers.get('x-credits-charged') ?? 0);
  return { outcome: `${response.status}`, status: response.status, body: parsed, creditsCharged: Number.isFinite(charged) ? charged : 0 };
}
