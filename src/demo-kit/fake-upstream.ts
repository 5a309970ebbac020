import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeReply, FakeRoute, RecordedRequest } from '../catalogue/demo-world.js';

/**
 * A real HTTP server on loopback standing in for the platforms. The gateway reaches it
 * through UPSTREAM_ORIGINS. Records every request and the highest concurrency seen.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  maxConcurrent = 0;
  /** TCP connections accepted since start (keep-alive reuse shows as few connections for many requests). */
  connections = 0;
  #inFlight = 0;
  #routes: FakeRoute[] = [];
  #server: Server;

  constructor() {
    this.#server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        host: req.headers['x-forwarded-host'] as string | undefined,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(recorded);
      this.#inFlight += 1;
      this.maxConcurrent = Math.max(this.maxConcurrent, this.#inFlight);
      const url = new URL(recorded.url, `http://${recorded.host ?? 'localhost'}`);
      const reply: FakeReply = this.#routes.map((route) => route(recorded, url)).find((each) => each !== undefined) ?? {
        status: 404,
        body: { message: 'Not Found', error: 404 },
      };
      const send = () => {
        this.#inFlight -= 1;
        if (reply.respond) return reply.respond(res);
        const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        const contentType = typeof reply.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=UTF-8';
        res.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
        res.end(body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
    this.#server.on('connection', () => {
      this.connections += 1;
    });
  }

  /** Adds a route; earlier routes win. */
  on(route: FakeRoute): this {
    this.#routes.push(route);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.maxConcurrent = 0;
    this.#routes = [];
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
