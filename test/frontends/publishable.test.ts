import { hash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocumentsCommand } from '../../src/cli/documents-commands.js';
import { runKeysCommand, parseKeysCommand } from '../../src/cli/keys-commands.js';
import { buildSchema } from '../../src/schema/index.js';
import { accountIdForKey } from '../../src/state/key-hash.js';
import { booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * Publishable keys and trusted documents end to end, on the memory state and on Redis: a key
 * made and documents registered through the CLIs' commands, then a browser's requests (an
 * Origin header) served, refused or answered with CORS, with nothing fetched when refused.
 */

const APP = 'https://app.example.test';
const TITLE = 'query Title($id: String!) { bookshelfBook(id: $id) { title } }';
const TITLE_ID = hash('sha256', TITLE, 'hex');

const backends = [
  { name: 'memory', env: {} as Record<string, string> },
  ...(process.env.REDIS_URL ? [{ name: 'Redis', env: { REDIS_URL: process.env.REDIS_URL } }] : []),
];

describe.each(backends)('publishable keys and trusted documents ($name)', ({ env }) => {
  let harness: Harness;
  let key: string;
  const account = accountIdForKey(RICH_KEY);

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${harness.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
      body: JSON.stringify(body),
    });
  const fromApp = (extra: Record<string, string> = {}) => ({ 'x-api-key': key, origin: APP, ...extra });

  beforeAll(async () => {
    harness = await startHarness(env, { catalogue: bookshelfCatalogue, redisPrefix: `test-frontends-${process.pid}-${Date.now()}:` });
    for (const route of booksRoutes()) harness.upstream.on(route);
    const state = harness.gateway.state;
    const created = await runKeysCommand(
      parseKeysCommand([
        'publishable',
        'create',
        '--account',
        account,
        '--origins',
        `${APP},https://*.preview.example.test`,
        '--per-ip-per-minute',
        '5',
      ]),
      state,
    );
    key = /(pk_live_\S+)/.exec(created.join('\n'))![1]!;
    const dir = await mkdtemp(join(tmpdir(), 'documents-'));
    const file = join(dir, 'persisted-documents.json');
    await writeFile(file, JSON.stringify({ [TITLE_ID]: TITLE }));
    await runDocumentsCommand({ name: 'add', accountId: account, file }, state, buildSchema(bookshelfCatalogue));
  });
  afterAll(() => harness?.close());

  it('serves a trusted document from an allowed origin, with CORS headers and the credits charged exposed', async () => {
    const response = await post({ documentId: `sha256:${TITLE_ID}`, variables: { id: '201' } }, fromApp());
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.data.bookshelfBook.title).toBe('A Field Guide to Lichens');
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-expose-headers')).toContain('x-credits-charged');
    expect(response.headers.get('x-credits-charged')).toBe(String(body.extensions.billing.creditsCharged));
  });

  it('accepts a bare hex id, Apollo persistedQuery, and one label under a *. origin', async () => {
    const bare = await post({ documentId: TITLE_ID, variables: { id: '101' } }, fromApp({ origin: 'https://pr-7.preview.example.test' }));
    expect((await bare.json()).data.bookshelfBook.title).toBe('Salt and Cedar');
    const apollo = await post(
      { variables: { id: '101' }, extensions: { persistedQuery: { version: 1, sha256Hash: TITLE_ID } } },
      fromApp(),
    );
    expect((await apollo.json()).data.bookshelfBook.title).toBe('Salt and Cedar');
  });

  it('refuses with 403 forbidden, naming the rule, and fetches nothing', async () => {
    const before = harness.upstream.requests.length;
    const cases = [
      { response: await post({ query: TITLE, variables: { id: '102' } }, fromApp()), rule: /query text/ },
      {
        response: await post({ documentId: TITLE_ID, variables: { id: '102' } }, fromApp({ origin: 'https://evil.example.test' })),
        rule: /Origin/,
      },
      { response: await post({ documentId: TITLE_ID, variables: { id: '102' } }, { 'x-api-key': key }), rule: /no Origin/ },
      {
        response: await post({ documentId: TITLE_ID, variables: { id: '102' } }, fromApp({ origin: 'https://a.b.preview.example.test' })),
        rule: /Origin/,
      },
    ];
    for (const { response, rule } of cases) {
      const body = await response.json();
      expect(response.status).toBe(403);
      expect(body.errors[0].extensions.code).toBe('forbidden');
      expect(body.errors[0].message).toMatch(rule);
    }
    const rest = await fetch(`${harness.baseUrl}/v1/bookshelf/book?id=102`, { headers: fromApp() });
    expect(rest.status).toBe(403);
    expect((await rest.json()).error.code).toBe('forbidden');
    expect(harness.upstream.requests.length).toBe(before);
  });

  it('answers an unknown document id with 400 PERSISTED_QUERY_NOT_FOUND, for secret keys too', async () => {
    for (const headers of [fromApp(), { 'x-api-key': RICH_KEY }]) {
      const response = await post({ documentId: `sha256:${'0'.repeat(64)}` }, headers);
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
    const secret = await post({ documentId: TITLE_ID, variables: { id: '101' } }, { 'x-api-key': RICH_KEY });
    expect((await secret.json()).data.bookshelfBook.title).toBe('Salt and Cedar');
  });

  it('answers preflights for listed origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${harness.baseUrl}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
      });
    const allowed = await preflight(APP);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('cache-control');
    expect(allowed.headers.get('access-control-max-age')).not.toBeNull();
    const other = await preflight('https://evil.example.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('limits requests per client IP with 429 rate_limited and Retry-After', async () => {
    // Twelve requests at 5 per minute: whatever minute boundary falls among them, one window holds six.
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const response = await post({ documentId: TITLE_ID, variables: { id: '101' } }, fromApp());
      if (response.status === 429) limited = response;
      else await response.arrayBuffer();
    }
    expect(limited).toBeDefined();
    expect(limited!.headers.get('retry-after')).not.toBeNull();
    expect((await limited!.json()).errors[0].extensions.code).toBe('rate_limited');
  });

  it('stops serving a revoked key (401 revoked_api_key)', async () => {
    const lines = await runKeysCommand(parseKeysCommand(['publishable', 'list', '--account', account]), harness.gateway.state);
    expect(lines.join('\n')).toContain(key.slice(0, 12));
    expect(lines.join('\n')).not.toContain(key);
    await runKeysCommand(parseKeysCommand(['publishable', 'revoke', key]), harness.gateway.state);
    const response = await post({ documentId: TITLE_ID, variables: { id: '101' } }, fromApp({ 'x-forwarded-for': '198.51.100.9' }));
    expect(response.status).toBe(401);
    expect((await response.json()).errors[0].extensions.code).toBe('revoked_api_key');
  });
});
