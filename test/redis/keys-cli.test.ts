import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../src/app.js';
import { runKeysCli } from '../../src/cli/run-keys-cli.js';
import { loadConfig } from '../../src/config/config.js';
import { hashKey } from '../../src/state/key-hash.js';
import { createRedisState } from '../../src/state/redis/index.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { BOOKS_HOST, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { catalogue } from '../support/registered-catalogue.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';

/** Runs the CLI as `npm run keys -- ...` would, against this run's prefix. */
async function keys(prefix: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKeysCli(argv, {
    env: { REDIS_URL },
    catalogue,
    prefix,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The gateway serves the test family (test/families/bookshelf). */
describe.skipIf(!REDIS_URL)('keys CLI against a running gateway on Redis', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  let gateway: Gateway;
  let baseUrl: string;
  const get = async (path: string, key: string) => {
    const response = await fetch(baseUrl + path, { headers: { 'x-api-key': key } });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    for (const route of booksRoutes()) upstream.on(route);
    const origin = await upstream.start();
    const config = loadConfig({ REDIS_URL, UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`, LOG_LEVEL: 'silent' }, bookshelfCatalogue.families);
    gateway = await createGateway(config, {
      catalogue: bookshelfCatalogue,
      state: await createRedisState({ url: REDIS_URL!, prefix, cacheRetentionSeconds: 60, sweepIntervalMs: 0 }),
    });
    await gateway.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(gateway.server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('creates, tops up, caps and revokes a key that the running gateway honours at once', async () => {
    const created = await keys(prefix, 'create', '--credits', '1');
    expect(created.code).toBe(0);
    const key = /sk_live_[\w-]{32}/.exec(created.out)![0];
    const accountId = /acct_[0-9a-f]{16}/.exec(created.out)![0];

    expect((await get('/v1/bookshelf/shelf?shelf=poetry', key)).status).toBe(200);
    expect((await get('/v1/bookshelf/shelf?shelf=poetry', key)).status).toBe(402);

    expect(await keys(prefix, 'topup', accountId, '10')).toMatchObject({ code: 0, out: `Added 10 credits to ${accountId}; balance 10.` });
    expect(await keys(prefix, 'set-cap', accountId, '2')).toMatchObject({ code: 0 });
    expect((await get('/v1/bookshelf/shelf?shelf=poetry', key)).status).toBe(200);
    const capped = await get('/v1/bookshelf/shelf?shelf=poetry', key);
    expect(capped).toMatchObject({ status: 429, body: { error: { code: 'daily_cap_exceeded' } } });
    expect((await get('/v1/account', key)).body.data).toMatchObject({ accountId, balance: 9, dailyUsed: 2, dailyCap: 2 });

    const listed = await keys(prefix, 'list');
    expect(listed.out).toMatch(new RegExp(`${accountId}\\s+active\\s+9\\s+2/2`));
    expect(listed.out + created.err).not.toContain(hashKey(key));
    expect(listed.out).not.toContain(key);

    expect(await keys(prefix, 'revoke', accountId)).toMatchObject({ code: 0 });
    expect(await get('/v1/account', key)).toMatchObject({ status: 401, body: { error: { code: 'revoked_api_key' } } });
    expect(await keys(prefix, 'revoke', 'acct_0000000000000000')).toMatchObject({ code: 1, err: expect.stringContaining('No account') });
  });
});
