import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, secretScrubber } from '../../src/logging/redaction.js';
import { finished, pollJob, send } from '../jobs/support.js';
import { BOOKS, booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { startForwardProxy } from '../support/forward-proxy.js';
import { CAPPED_KEY, POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * Structured logs of a representative run at LOG_LEVEL=trace (REST, GraphQL, a job, errors,
 * a family proxy with credentials), captured and searched: JSON lines, the request id on every
 * request's lines and on every response, and no API key, webhook secret or signature, or
 * proxy password anywhere.
 */

const PROXY_PASSWORD = 'proxy-pass-s3cret';
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SIGNATURE = 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=';
const GENERATED_LOOKING_KEY = 'sk_live_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MDEy';

describe('logs of a representative run', () => {
  const lines: string[] = [];
  let harness: Harness;
  let proxy: Awaited<ReturnType<typeof startForwardProxy>>;
  const responseIds: string[] = [];

  beforeAll(async () => {
    proxy = await startForwardProxy();
    const proxyUrl = new URL(proxy.url);
    proxyUrl.username = 'proxy-user';
    proxyUrl.password = PROXY_PASSWORD;
    harness = await startHarness(
      { LOG_LEVEL: 'trace', BOOKSHELF_PROXY_URL: proxyUrl.toString() },
      { logDestination: { write: (line) => void lines.push(line) }, catalogue: bookshelfCatalogue },
    );
    const books = { ...BOOKS, ...booksOnShelf('synthetic', 3), ...booksOnShelf('logged', 2, 2000) };
    for (const route of booksRoutes(books)) harness.upstream.on(route);

    const track = (headers: Headers) => responseIds.push(headers.get('x-request-id') ?? '');
    track((await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=3')).headers);
    track((await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=3&cache_max_age=1h', CAPPED_KEY)).headers);
    track((await harness.get('/v1/bookshelf/shelf?shelf=bad name!')).headers);
    track((await harness.get(`/v1/bookshelf/book?id=${GENERATED_LOOKING_KEY}`)).headers);
    track((await harness.get('/v1/bookshelf/book?id=101', POOR_KEY)).headers);
    track((await harness.get('/v1/account', 'sk_test_not_a_real_key_1')).headers);
    track((await harness.get('/v1/account', null)).headers);
    await harness.graphql('{ bookshelfShelf(shelf: "synthetic", limit: 3) { items { id entry { title } } } }');
    await harness.graphql('{ bookshelfShelf(shelf: "bad name!") { items { id } } }');
    await harness.graphql(`{ __typename } # ${WEBHOOK_SECRET} ${SIGNATURE}`);
    const created = await send(harness.baseUrl, 'POST', '/v1/jobs', {
      body: { endpoint: '/v1/bookshelf/shelf', params: { shelf: 'logged' } },
      headers: { 'webhook-signature': SIGNATURE, authorization: `Bearer ${WEBHOOK_SECRET}`, cookie: `session=${WEBHOOK_SECRET}` },
    });
    track(created.headers);
    await pollJob(harness.baseUrl, created.body.data.id, finished);
    // A handler that logs a proxy URL, a secret and a signature by mistake still leaks none of them.
    harness.gateway.server.log.warn(
      { proxy: proxyUrl.toString(), secret: WEBHOOK_SECRET, headers: { 'webhook-signature': SIGNATURE } },
      'careless line',
    );
  });
  afterAll(async () => {
    await harness.close();
    await proxy.close();
  });

  it('went through the proxy, and captured a trace-level run', () => {
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(20);
  });

  it('writes one JSON object per line, and the request id on every line of a request', () => {
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter((record) => 'req' in record || 'res' in record || record.msg === 'incoming request');
    expect(requestLines.length).toBeGreaterThan(10);
    for (const record of requestLines) expect(typeof record.reqId, JSON.stringify(record)).toBe('string');
    // Each response's x-request-id is the reqId of its log lines.
    const logged = new Set(records.map((record) => record.reqId));
    for (const id of responseIds) expect(logged.has(id), id).toBe(true);
  });

  it('never logs an API key, a webhook secret, a signature or a proxy password', () => {
    const text = lines.join('');
    for (const secret of [
      RICH_KEY,
      CAPPED_KEY,
      POOR_KEY,
      'sk_test_not_a_real_key_1',
      GENERATED_LOOKING_KEY,
      WEBHOOK_SECRET,
      SIGNATURE,
      PROXY_PASSWORD,
      'proxy-user:',
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
    expect(text).not.toMatch(/whsec_(?!\[redacted\])/);
    expect(text).not.toMatch(/v1,[A-Za-z0-9+/]{20}/);
    expect(text).toContain(REDACTED);
  });
});

describe('request ids from callers', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({}, { catalogue: bookshelfCatalogue });
  });
  afterAll(() => harness.close());

  const idFor = async (requestId: string) =>
    (await fetch(`${harness.baseUrl}/healthz`, { headers: { 'x-request-id': requestId } })).headers.get('x-request-id');

  it('keeps a short safe token and replaces anything else with a fresh id', async () => {
    expect(await idFor('trace-42.abc:7')).toBe('trace-42.abc:7');
    for (const unsafe of ['a'.repeat(65), 'two words', '{"msg":"forged"}', '-leading-dash', '']) {
      expect(await idFor(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('the secret scrubber', () => {
  it('removes seeded keys of any shape, issued keys, webhook secrets and signatures, and URL credentials', () => {
    const scrub = secretScrubber(['plainkey-12345']);
    expect(
      scrub(
        '{"a":"plainkey-12345 sk_live_abcDEF123_x whsec_abc+/= v1,' + 'A'.repeat(43) + '= redis://:pw@host:6379 http://u:p@proxy:8080/x"}',
      ),
    ).toBe(
      '{"a":"[redacted] sk_live_[redacted] whsec_[redacted] v1,[redacted] redis://[redacted]@host:6379 http://[redacted]@proxy:8080/x"}',
    );
    expect(scrub('{"url":"https://books.example.test/shelves/x","v":"v1,short"}')).toBe(
      '{"url":"https://books.example.test/shelves/x","v":"v1,short"}',
    );
  });

  it('removes the development and demo keys too (npm start and npm run demo print them, not as seeded keys)', () => {
    const scrub = secretScrubber([]);
    expect(scrub('{"url":"/v1/bookshelf/book?key=sk_dev_NJ_i-J_iUvLKDz9Nn","k":"sk_demo_first_hour_0001"}')).toBe(
      '{"url":"/v1/bookshelf/book?key=sk_dev_[redacted]","k":"sk_demo_[redacted]"}',
    );
  });
});
