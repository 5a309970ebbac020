import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyAddress,
  createSafeAgent,
  isOutboundRefused,
  parseOutboundUrl,
  resolveChecked,
  type ResolveAll,
} from '../../src/outbound/index.js';
import { sendWebhook } from '../../src/subscriptions/webhook-sender.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { eventually, send, watchShelf } from './support.js';

/** Names resolve through this table, never through DNS. */
const NAMES: Record<string, { address: string; family: number }[]> = {
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'private.test': [{ address: '10.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'v6-loopback.test': [{ address: '::1', family: 6 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '192.168.1.5', family: 4 },
  ],
  'public.test': [{ address: '93.184.215.14', family: 4 }],
};
const resolveAll: ResolveAll = async (hostname) => {
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.3.4',
    '192.168.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(classifyAddress(address).allowed).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true, address });
    },
  );

  it.each(['loopback.test', 'private.test', 'metadata.test', 'v6-loopback.test', 'mixed.test', '127.0.0.1', '[::1]', '169.254.169.254'])(
    'refuses a host that is or resolves to a non-public address: %s',
    async (host) => {
      const refusal = await resolveChecked(host, { allowPrivate: false, resolveAll }).catch((error: unknown) => error);
      expect(isOutboundRefused(refusal)).toBe(true);
    },
  );

  it('returns the checked addresses of a public name, and lets private ones through only when allowed', async () => {
    expect(await resolveChecked('public.test', { allowPrivate: false, resolveAll })).toEqual(NAMES['public.test']);
    expect(await resolveChecked('loopback.test', { allowPrivate: true, resolveAll })).toEqual(NAMES['loopback.test']);
  });

  it.each([
    ['ftp://example.com/hook', /http or https/],
    ['file:///etc/passwd', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['https://user:pass@example.com/hook', /user name or password/],
    ['/relative/hook', /absolute/],
    ['http://127.0.0.1:8080/hook', /loopback/],
    ['http://[::1]/hook', /loopback/],
    ['http://169.254.169.254/latest/meta-data', /metadata/],
    ['http://10.0.0.1/hook', /private/],
    ['http://2130706433/hook', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
  ])('refuses the webhook URL %s', (url, reason) => {
    expect(() => parseOutboundUrl(url, { allowPrivate: false })).toThrow(reason);
  });
});

describe('the safe agent connects only to checked addresses', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a name resolving to loopback before connecting, and reaches it when private targets are allowed', async () => {
    const strict = createSafeAgent({ allowPrivate: false, resolveAll });
    const lax = createSafeAgent({ allowPrivate: true, resolveAll });
    try {
      const refused = await request(`http://loopback.test:${port}/`, { dispatcher: strict }).catch((error: unknown) => error);
      expect(isOutboundRefused(refused)).toBe(true);
      expect(hits).toBe(0);
      const reached = await request(`http://loopback.test:${port}/`, { dispatcher: lax });
      expect(await reached.body.text()).toBe('reached');
      expect(hits).toBe(1);
    } finally {
      await strict.close();
      await lax.close();
    }
  });

  it.each(['loopback.test', 'private.test', 'metadata.test', 'v6-loopback.test', '127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]'])(
    'sendWebhook refuses %s without a connection',
    async (host) => {
      const agent = createSafeAgent({ allowPrivate: false, resolveAll });
      try {
        const result = await sendWebhook(
          `http://${host}:${port}/hook`,
          'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=',
          { webhookId: 'msg_1', body: '{}' },
          { agent, allowPrivate: false },
        );
        expect(result.statusCode).toBeNull();
        expect(result.error).toMatch(/^refused: /);
        expect(hits).toBe(1);
      } finally {
        await agent.close();
      }
    },
  );
});

/** On the test family's shelf endpoint (test/families/bookshelf). */
describe('webhook URLs without WEBHOOK_ALLOW_PRIVATE', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(
      { SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '50' },
      { subscriptions: { resolveAll }, catalogue: bookshelfCatalogue },
    );
  });
  afterAll(() => harness.close());
  const create = (webhookUrl: string, shelf = 'guarded') =>
    send(harness, 'POST', '/v1/subscriptions', { endpoint: '/v1/bookshelf/shelf', params: { shelf }, webhookUrl });

  it.each(['http://127.0.0.1/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/hook', 'http://[::1]/hook', 'ftp://public.test/hook'])(
    'refuses the IP literal or scheme of %s at creation',
    async (url) => {
      const answer = await create(url);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'webhookUrl' } });
    },
  );

  it('refuses names resolving to private addresses at delivery, recording the refusal', async () => {
    const shelf = watchShelf(harness.upstream, 'guarded');
    const ids: string[] = [];
    for (const host of ['loopback.test', 'private.test', 'metadata.test', 'v6-loopback.test']) {
      const created = await create(`http://${host}/hook`);
      expect(created.status).toBe(201);
      ids.push(created.body.data.id);
    }
    for (const id of ids)
      await eventually(
        async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data.hash ? true : undefined),
        'the baseline',
      );
    shelf.books = [{ id: 'z1', title: 'Zelkova' }];
    for (const id of ids) expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    for (const id of ids) {
      // The first attempt, whichever retries a busy machine has recorded after it by now.
      const attempt = await eventually(
        async () =>
          ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data.recentDeliveries as { attempt: number; error: string }[]).find(
            (each) => each.attempt === 1,
          ),
        'a recorded attempt',
      );
      expect(attempt).toMatchObject({ statusCode: null, type: 'content.changed', attempt: 1 });
      expect(attempt.error).toMatch(/^refused: .* (loopback|private|link-local|metadata)/);
    }
  });
});
