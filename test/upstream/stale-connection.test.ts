import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../src/upstream/client.js';
import type { Upstream } from '../../src/catalogue/upstream.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';

type Drop = 'close' | 'reset';

/**
 * A platform that keeps connections alive and then drops one it kept: the first request on a
 * connection is answered, the next on that same connection is closed (or reset) unanswered, as a
 * platform does when it times an idle connection out just as the gateway reuses it.
 */
function droppingPlatform() {
  const served = new WeakMap<Socket, number>();
  const state = { drop: 'close' as Drop, requests: [] as { method: string; reused: boolean }[], connections: 0 };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const count = (served.get(socket) ?? 0) + 1;
    served.set(socket, count);
    state.requests.push({ method: request.method ?? 'GET', reused: count > 1 });
    request.resume();
    if (count > 1) {
      if (state.drop === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    response.end(JSON.stringify({ answered: true }));
  });
  server.on('connection', () => void (state.connections += 1));
  return { server, state };
}

describe('a kept-alive connection the platform dropped', () => {
  const platform = droppingPlatform();
  let client: UpstreamClient;
  let upstream: Upstream;
  const retried: string[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    const origin = new URL(`http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`);
    client = new UpstreamClient({
      origins: new Map([[BOOKS_HOST, origin]]),
      timeoutMs: 10_000,
      observer: { connectionRetried: (host) => retried.push(host) },
    });
    upstream = client.forFamily({ family: 'bookshelf', hosts: [BOOKS_HOST] });
  });
  afterAll(async () => {
    await client.close();
    platform.server.closeAllConnections();
    await new Promise((resolve) => platform.server.close(resolve));
  });
  beforeEach(() => {
    platform.state.requests.length = 0;
    retried.length = 0;
  });

  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

  for (const drop of ['close', 'reset'] as const) {
    it(`answers a GET whose reused connection was ${drop === 'close' ? 'closed' : 'reset'} unanswered, from one retry on a new connection`, async () => {
      platform.state.drop = drop;
      const url = `https://${BOOKS_HOST}/shelves/kept.json`;
      // GETs one after another until one went out on a connection kept from an earlier one.
      for (let sent = 0; !platform.state.requests.some((request) => request.reused); sent += 1) {
        if (sent > 50) throw new Error('the client never reused a connection');
        const answer = await upstream.fetch({ url });
        expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { answered: true }]);
        await pause();
      }
      const dropped = platform.state.requests.filter((request) => request.reused).length;
      expect(dropped).toBe(1);
      // The dropped request was sent once more, on a connection of its own.
      expect(platform.state.requests.at(-1)).toEqual({ method: 'GET', reused: false });
      expect(retried).toEqual([BOOKS_HOST]);
    });
  }

  it('never sends a POST again: its dropped connection is the failure the caller sees', async () => {
    platform.state.drop = 'close';
    const url = `https://${BOOKS_HOST}/rpc`;
    let sent = 0;
    let failure: unknown = null;
    while (failure === null) {
      if (sent > 50) throw new Error('the client never reused a connection');
      sent += 1;
      failure = await upstream.fetch({ url, method: 'POST', body: `{"call":${sent}}` }).then(
        () => null,
        (error: unknown) => error,
      );
      await pause();
    }
    expect(failure).toMatchObject({ code: 'upstream_blocked' });
    expect(platform.state.requests).toHaveLength(sent);
    expect(platform.state.requests.at(-1)).toEqual({ method: 'POST', reused: true });
    expect(retried).toEqual([]);
  });
});
