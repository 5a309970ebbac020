import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import type { FakeUpstream } from '../support/fake-upstream-server.js';
import { RICH_KEY, type Harness } from '../support/gateway.js';
import { noteSecret } from '../support/log-capture.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The payload as standardwebhooks' verify() returned it; null when verification failed. */
  verified: Record<string, any> | null;
  verifyError: string | null;
  /** The status this receiver answered with. */
  answeredWith: number;
}

/**
 * A real HTTP webhook receiver on loopback that verifies every delivery with the
 * `standardwebhooks` package, as a subscriber's server would. Answers 200 unless told otherwise.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  secret: string | null = null;
  /** Statuses to answer with, in order; 200 once they are used up. */
  readonly plan: number[] = [];
  #server: Server;

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let verified: Record<string, any> | null = null;
        let verifyError: string | null = null;
        try {
          verified = new Webhook(this.secret ?? 'whsec_AAAA').verify(body, req.headers as Record<string, string>) as Record<string, any>;
        } catch (error) {
          verifyError = String(error);
        }
        const status = this.plan.shift() ?? 200;
        this.received.push({ headers: req.headers, body, verified, verifyError, answeredWith: status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A book on a watched shelf, as the test family's catalogue host lists it. */
export interface ShelfBook {
  id: string;
  title: string;
}

/**
 * A shelf of the test family (test/families/bookshelf) whose books the test changes between
 * checks; `failing` makes it answer 500. Serve it from a harness whose catalogue has the test
 * family (bookshelfCatalogue) and no other route for the catalogue host before it.
 */
export interface WatchedShelf {
  name: string;
  books: ShelfBook[];
  failing: boolean;
  /** Answer after this many ms (to hold a check open). */
  delayMs: number;
  /** Shelf requests the fake upstream received for it. */
  requests: number;
}

export function watchShelf(upstream: FakeUpstream, name: string): WatchedShelf {
  const shelf: WatchedShelf = {
    name,
    books: [
      { id: 'p1', title: 'Alder' },
      { id: 'p2', title: 'Birch' },
    ],
    failing: false,
    delayMs: 0,
    requests: 0,
  };
  upstream.on((_request, url) => {
    if (url.hostname !== BOOKS_HOST || url.pathname !== `/shelves/${name}.json`) return undefined;
    shelf.requests += 1;
    if (shelf.failing) return { status: 500, body: 'upstream trouble', delayMs: shelf.delayMs };
    const books = shelf.books.map((book) => ({ ...book, shelf: name, pages: null }));
    return { body: { books }, delayMs: shelf.delayMs };
  });
  return shelf;
}

/** A JSON request to the gateway with a key (default: the rich test key). */
export async function send(
  harness: Harness,
  method: string,
  path: string,
  body?: unknown,
  key: string = RICH_KEY,
): Promise<{ status: number; body: Record<string, any> }> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(harness.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Polls until `probe` returns something other than undefined, or fails after the deadline. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Creates a subscription on the test family's shelf `shelf` and waits for its baseline check (which runs by itself). */
export async function subscribe(
  harness: Harness,
  shelf: string,
  webhookUrl: string,
  key: string = RICH_KEY,
  intervalSeconds = 3600,
): Promise<{ id: string; secret: string }> {
  const created = await send(
    harness,
    'POST',
    '/v1/subscriptions',
    { endpoint: '/v1/bookshelf/shelf', params: { shelf, limit: 5 }, webhookUrl, intervalSeconds },
    key,
  );
  if (created.status !== 201) throw new Error(`subscription not created: ${JSON.stringify(created.body)}`);
  const { id, secret } = created.body.data as { id: string; secret: string };
  noteSecret(secret);
  await eventually(
    async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`, undefined, key)).body.data?.hash ? true : undefined),
    'the baseline check',
  );
  return { id, secret };
}

export const balanceOf = async (harness: Harness, key: string = RICH_KEY): Promise<number> =>
  (await harness.get('/v1/account', key)).body.data.balance as number;
