import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import type { Upstream } from '../../src/catalogue/upstream.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { startForwardProxy } from '../support/forward-proxy.js';
import { BOOKS_HOST, COVERS_HOST, bookshelfFamily } from '../families/bookshelf/family.js';

const HOSTS = [BOOKS_HOST, COVERS_HOST];

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('upstream client over loopback', () => {
  const fake = new FakeUpstream();
  let client: UpstreamClient;
  let upstream: Upstream;
  let origin: string;
  beforeAll(async () => {
    origin = await fake.start();
    const origins = new Map(HOSTS.map((host) => [host, new URL(origin)]));
    client = new UpstreamClient({ origins, timeoutMs: 300 });
    upstream = client.forFamily({ family: 'bookshelf', hosts: HOSTS, blockPages: bookshelfFamily.blockPages });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  it('rewrites the origin, keeps path and query, and sends the original host', async () => {
    fake.on(() => ({ body: { ok: true } }));
    const response = await upstream.fetch({ url: 'https://books.example.test/shelves/x.json?sort=title&limit=5' });
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(fake.requests[0]).toMatchObject({ url: '/shelves/x.json?sort=title&limit=5', host: 'books.example.test' });
    expect(response.url).toBe('https://books.example.test/shelves/x.json?sort=title&limit=5');
  });

  it('refuses hosts the family did not declare, before any request', async () => {
    const failure = await failureOf(upstream.fetch({ url: 'https://evil.example/steal' }));
    expect(failure.code).toBe('invalid_request');
    expect((await failureOf(upstream.fetch({ url: 'http://books.example.test/shelves/x.json' }))).code).toBe('invalid_request');
    expect(fake.requests).toHaveLength(0);
  });

  it('follows redirects within the declared hosts only', async () => {
    fake.on((_request, url) =>
      url.pathname === '/a' ? { status: 301, headers: { location: 'https://covers.example.test/b' } } : undefined,
    );
    fake.on((_request, url) => (url.pathname === '/b' ? { body: { landed: true } } : undefined));
    fake.on((_request, url) => (url.pathname === '/off' ? { status: 302, headers: { location: 'https://evil.example/x' } } : undefined));
    fake.on((_request, url) => (url.pathname === '/login-wall' ? { status: 302, headers: { location: '/login?dest=x' } } : undefined));
    const landed = await upstream.fetch({ url: 'https://books.example.test/a' });
    expect(landed.url).toBe('https://covers.example.test/b');
    expect(fake.requests.map((request) => request.host)).toEqual([BOOKS_HOST, COVERS_HOST]);
    expect((await failureOf(upstream.fetch({ url: 'https://books.example.test/off' }))).code).toBe('upstream_blocked');
    expect((await failureOf(upstream.fetch({ url: 'https://books.example.test/login-wall' }))).code).toBe('upstream_blocked');
    expect(fake.requests.some((request) => request.url === '/x' || request.url.startsWith('/login?'))).toBe(false);
  });

  it('classifies time-outs, 429s and block pages', async () => {
    fake.on((_request, url) => (url.pathname === '/slow' ? { body: {}, delayMs: 1000 } : undefined));
    fake.on((_request, url) => (url.pathname === '/limited' ? { status: 429, headers: { 'retry-after': '17' } } : undefined));
    fake.on((_request, url) =>
      url.pathname === '/blocked' ? { status: 403, body: '<html><body>The shelves are closed.</body></html>' } : undefined,
    );
    expect((await failureOf(upstream.fetch({ url: 'https://books.example.test/slow' }))).code).toBe('upstream_timeout');
    const limited = await failureOf(upstream.fetch({ url: 'https://books.example.test/limited' }));
    expect([limited.code, limited.retryAfter]).toEqual(['upstream_rate_limited', 17]);
    expect((await failureOf(upstream.fetch({ url: 'https://books.example.test/blocked', passStatuses: [403] }))).code).toBe(
      'upstream_blocked',
    );
  });

  it('cancels the upstream request when the caller goes away', async () => {
    // The answer would come after the client's 300 ms deadline: only the caller's abort, due
    // first whatever the machine's load, can end the request with anything but a time-out.
    fake.on(() => ({ body: {}, delayMs: 1000 }));
    const controller = new AbortController();
    const pending = upstream.fetch({ url: 'https://books.example.test/shelves/x.json', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failureOf(pending)).code).not.toBe('upstream_timeout');
  });

  it('goes through the family proxy when one is configured', async () => {
    const proxy = await startForwardProxy();
    const proxied = new UpstreamClient({ origins: new Map([[BOOKS_HOST, new URL(origin)]]), timeoutMs: 1000 });
    try {
      fake.on(() => ({ body: { via: 'proxy' } }));
      const response = await proxied
        .forFamily({ family: 'bookshelf', hosts: HOSTS, proxyUrl: proxy.url })
        .fetch({ url: 'https://books.example.test/shelves/x.json' });
      expect(JSON.parse(response.body)).toEqual({ via: 'proxy' });
      // undici tunnels through the proxy (CONNECT), as it must for https upstreams in production.
      expect(proxy.seen).toEqual([`CONNECT ${new URL(origin).host}`]);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});
