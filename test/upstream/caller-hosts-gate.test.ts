import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PinnedAddresses } from '../../src/upstream/caller-hosts/pinned-addresses.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { failureOf, gatedClient, STORE_A, STORE_B, stubResolver, type GatedClient } from './caller-hosts-support.js';

describe('the caller-host gate, over loopback', () => {
  /** Stands in for the stores; reached through UPSTREAM_ORIGINS. */
  const stores = new FakeUpstream();
  /** A server on a private address that must never be reached: each test counts its connections. */
  const inside = new FakeUpstream();
  let origins: Map<string, URL>;
  let insidePort: string;
  const opened: GatedClient[] = [];
  const open = (options: Omit<Parameters<typeof gatedClient>[0], 'origins'>) => {
    const gated = gatedClient({ origins, ...options });
    opened.push(gated);
    return gated.upstream;
  };

  beforeAll(async () => {
    const origin = new URL(await stores.start());
    origins = new Map([STORE_A, STORE_B].map((host) => [host, origin]));
    insidePort = new URL(await inside.start()).port;
    inside.on(() => ({ body: { secret: true } }));
  });
  afterAll(async () => {
    await stores.stop();
    await inside.stop();
  });
  beforeEach(() => stores.reset());
  afterEach(async () => {
    expect(inside.connections).toBe(0);
    await Promise.all(opened.splice(0).map((each) => each.close()));
  });

  it('fetches a host UPSTREAM_ORIGINS rewrites at its origin, without a lookup', async () => {
    const resolveAll = stubResolver({});
    stores.on(() => ({ body: { products: [] } }));
    const upstream = open({ resolveAll });
    const response = await upstream.fetch({ url: `https://${STORE_A}/products.json?limit=1`, hostParam: 'domain' });
    expect(JSON.parse(response.body)).toEqual({ products: [] });
    expect(stores.requests[0]).toMatchObject({ url: '/products.json?limit=1', host: STORE_A });
    expect(resolveAll.calls).toEqual([]);
  });

  it('refuses a name that resolves to a private address: 400 naming the parameter, nothing connected', async () => {
    const resolveAll = stubResolver({ 'inside.example.net': ['127.0.0.1'], 'mixed.example.net': ['93.184.216.34', '10.0.0.8'] });
    const upstream = open({ resolveAll, policy: { allowHttp: true, anyPort: true } });
    const failure = await failureOf(upstream.fetch({ url: `http://inside.example.net:${insidePort}/`, hostParam: 'domain' }));
    expect(failure.code).toBe('invalid_request');
    expect(failure.message).toContain('`domain`');
    expect(failure.details).toMatchObject({ param: 'domain', reason: 'address_not_public', host: 'inside.example.net' });
    // One private address among public ones refuses the name.
    const mixed = await failureOf(upstream.fetch({ url: `http://mixed.example.net:${insidePort}/`, hostParam: 'domain' }));
    expect(mixed.details).toMatchObject({ param: 'domain', reason: 'address_not_public' });
  });

  it('tells a name that does not resolve apart, and names the platform instead when no parameter gave the host', async () => {
    const upstream = open({ resolveAll: stubResolver({ 'feeds.example.net': ['192.168.1.9'] }) });
    const unknown = await failureOf(upstream.fetch({ url: 'https://nowhere.example.net/', hostParam: 'instance' }));
    expect(unknown.details).toMatchObject({ param: 'instance', reason: 'unknown_host' });
    const platformNamed = await failureOf(upstream.fetch({ url: 'https://feeds.example.net/rss' }));
    expect(platformNamed.code).toBe('upstream_blocked');
    expect(platformNamed.details).toMatchObject({ refused: 'address_not_public', host: 'feeds.example.net' });
  });

  it('refuses a redirect to a name of a private address, or to a private IP literal, without following it', async () => {
    const resolveAll = stubResolver({ 'inside.example.net': ['127.0.0.1'] });
    stores.on((_request, url) =>
      url.pathname === '/by-name'
        ? { status: 302, headers: { location: `http://inside.example.net:${insidePort}/admin` } }
        : url.pathname === '/by-literal'
          ? { status: 301, headers: { location: `http://127.0.0.1:${insidePort}/admin` } }
          : url.pathname === '/metadata'
            ? { status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }
            : undefined,
    );
    const upstream = open({ resolveAll, policy: { allowHttp: true, anyPort: true } });
    const byName = await failureOf(upstream.fetch({ url: `https://${STORE_A}/by-name`, hostParam: 'domain' }));
    expect(byName.code).toBe('upstream_blocked');
    expect(byName.details).toMatchObject({ refused: 'address_not_public', host: 'inside.example.net' });
    const byLiteral = await failureOf(upstream.fetch({ url: `https://${STORE_A}/by-literal`, hostParam: 'domain' }));
    expect(byLiteral.details).toMatchObject({ refused: 'ip_literal' });
    const metadata = await failureOf(upstream.fetch({ url: `https://${STORE_A}/metadata`, hostParam: 'domain' }));
    expect(metadata.details).toMatchObject({ refused: 'ip_literal' });
    expect(stores.requests).toHaveLength(3);
  });

  it('follows redirects among public hosts, each hop checked, up to the family’s limit', async () => {
    stores.on((request, url) => {
      const step = Number(url.pathname.slice(1));
      if (Number.isNaN(step) || step >= 9) return { body: { landed: request.host } };
      const next = step % 2 === 0 ? STORE_B : STORE_A;
      return { status: 301, headers: { location: `https://${next}/${step + 1}` } };
    });
    const upstream = open({ resolveAll: stubResolver({}), policy: { maxRedirects: 3 } });
    const landed = await upstream.fetch({ url: `https://${STORE_A}/6`, hostParam: 'domain' });
    expect(landed.url).toBe(`https://${STORE_B}/9`);
    expect(JSON.parse(landed.body)).toEqual({ landed: STORE_B });
    stores.requests.length = 0;
    const tooMany = await failureOf(upstream.fetch({ url: `https://${STORE_A}/1`, hostParam: 'domain' }));
    expect(tooMany.code).toBe('upstream_blocked');
    expect(stores.requests).toHaveLength(4);
  });

  it('sends no credential: none in a URL, none in the headers', async () => {
    stores.on((_request, url) =>
      url.pathname === '/with-user' ? { status: 302, headers: { location: `https://user:secret@${STORE_B}/` } } : { body: {} },
    );
    const upstream = open({ resolveAll: stubResolver({}) });
    await upstream.fetch({
      url: `https://${STORE_A}/plain`,
      headers: { authorization: 'Bearer x', Cookie: 'a=b', accept: 'application/json' },
    });
    expect(stores.requests[0]!.headers).not.toHaveProperty('authorization');
    expect(stores.requests[0]!.headers).not.toHaveProperty('cookie');
    expect(stores.requests[0]!.headers.accept).toBe('application/json');
    const hop = await failureOf(upstream.fetch({ url: `https://${STORE_A}/with-user` }));
    expect(hop.details).toMatchObject({ refused: 'credentials' });
    const asked = await failureOf(upstream.fetch({ url: `https://user:secret@${STORE_A}/`, hostParam: 'domain' }));
    expect(asked.details).toMatchObject({ param: 'domain', reason: 'credentials' });
    expect(stores.requests).toHaveLength(2);
  });

  it('refuses a host off the allowlist before any lookup or request, naming the allowed hosts', async () => {
    const resolveAll = stubResolver({ 'other.example.org': ['93.184.216.34'] });
    stores.on((_request, url) => (url.pathname === '/away' ? { status: 302, headers: { location: `https://${STORE_B}/` } } : { body: {} }));
    const upstream = open({ resolveAll, policy: { allowlist: new Set([STORE_A]), allowlistDetail: 'allowedInstances' } });
    const refused = await failureOf(upstream.fetch({ url: 'https://other.example.org/api/v2/instance', hostParam: 'instance' }));
    expect(refused.code).toBe('invalid_request');
    expect(refused.details).toEqual({ param: 'instance', reason: 'not_allowed', host: 'other.example.org', allowedInstances: [STORE_A] });
    expect(resolveAll.calls).toEqual([]);
    expect(stores.requests).toHaveLength(0);
    const redirected = await failureOf(upstream.fetch({ url: `https://${STORE_A}/away`, hostParam: 'instance' }));
    expect(redirected.details).toMatchObject({ refused: 'not_allowed', host: STORE_B });
    expect(stores.requests).toHaveLength(1);
    expect((await upstream.fetch({ url: `https://${STORE_A}/api`, hostParam: 'instance' })).status).toBe(200);
  });

  it('caps a body it reads whole, and one a reader streams whatever its type', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024 + 1);
    stores.on((_request, url) =>
      url.pathname === '/huge'
        ? { body: big }
        : { headers: { 'content-type': 'application/rss+xml' }, body: `<rss>${'<item/>'.repeat(500)}</rss>` },
    );
    const upstream = open({ resolveAll: stubResolver({}) });
    const whole = await failureOf(upstream.fetch({ url: `https://${STORE_A}/huge` }));
    expect(whole.code).toBe('upstream_schema_drift');
    const chunks: number[] = [];
    const reader = {
      id: 'feed',
      maxBytes: 1024,
      anyType: true,
      async read(body: AsyncIterable<Buffer>) {
        for await (const chunk of body) chunks.push(chunk.length);
        return 'read';
      },
    };
    const streamed = await failureOf(upstream.fetch({ url: `https://${STORE_A}/feed.xml`, bodyReader: reader }));
    expect(streamed.code).toBe('upstream_schema_drift');
    expect(streamed.details).toMatchObject({ maxBytes: 1024 });
    const roomy = await upstream.fetch({ url: `https://${STORE_A}/feed.xml`, bodyReader: { ...reader, id: 'roomy', maxBytes: 1 << 20 } });
    expect(roomy.body).toBe('read');
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(1024);
  }, 60_000);
});

describe('pinned addresses', () => {
  it('connects to the answer it checked: the lookup that follows does not ask DNS again', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const calls: string[] = [];
    const pinned = new PinnedAddresses(async (host) => {
      calls.push(host);
      return answers.shift()!.map((address) => ({ address, family: 4 }));
    });
    try {
      expect(await pinned.check('rebind.example.net', new AbortController().signal)).toBeNull();
      const connected = await new Promise<string>((resolve, reject) =>
        pinned.lookup('rebind.example.net', { all: false }, (error, address) => (error ? reject(error) : resolve(address as string))),
      );
      expect(connected).toBe('93.184.216.34');
      expect(calls).toEqual(['rebind.example.net']);
    } finally {
      await pinned.close();
    }
  });

  it('refuses at connection time an unpinned name whose fresh answer is private', async () => {
    const pinned = new PinnedAddresses(async () => [{ address: '10.0.0.1', family: 4 }]);
    try {
      const failure = await new Promise<unknown>((resolve) => pinned.lookup('late.example.net', { all: false }, (error) => resolve(error)));
      expect(String(failure)).toContain('10.0.0.1');
    } finally {
      await pinned.close();
    }
  });
});
