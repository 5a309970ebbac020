import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isHostsFromSetting } from '../../src/catalogue/url-forms.js';
import { BOOKS, BOOKS_HOST, booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { balance, get, startHardeningGateway, type HardeningGateway } from '../hardening/support/hardening-gateway.js';
import { HEALTHY_FAMILIES } from '../hardening/support/healthy-families.js';
import { callTool, connectClient } from '../mcp/support.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { catalogue } from '../support/registered-catalogue.js';
import { balanceOf, eventually, send, watchShelf, WebhookReceiver, type WatchedShelf } from '../subscriptions/support.js';

/**
 * /v1/resolve on every door. Across every registered family, on the hardening gateway (every
 * family's healthy fake upstream): each page a family's healthy upstream lists (`pages` in
 * test/families/<name>/healthy.ts) answers what its endpoint answers, billed as it, from one
 * cache entry, and /v1/resolve/forms lists every family. On the test family
 * (test/families/bookshelf): two spellings share one entry and one request; bad URLs cost and
 * fetch nothing; batches of links, GraphQL, MCP and change subscriptions take URLs too.
 */

const resolvePath = (url: string, extra = '') => `/v1/resolve?url=${encodeURIComponent(url)}${extra}`;

/** Every family's listed pages, named by family. */
const PAGES = HEALTHY_FAMILIES.flatMap(({ family, healthy }) =>
  (healthy.pages ?? []).map((url, index) => [`${family.name} #${index + 1}`, family.name, url] as const),
);

/** Each setting that lists a family's hosts (an allowlist of instances), set to the hosts of that family's pages. */
const ALLOWLISTS: Record<string, string> = Object.fromEntries(
  HEALTHY_FAMILIES.flatMap(({ family, healthy }) =>
    (family.urlForms ?? []).flatMap((form) =>
      isHostsFromSetting(form.hosts) && healthy.pages?.length
        ? [[form.hosts.setting, healthy.pages.map((page) => new URL(page).hostname).join(',')]]
        : [],
    ),
  ),
);

describe('/v1/resolve across every family', () => {
  let gateway: HardeningGateway;
  beforeAll(async () => {
    gateway = await startHardeningGateway(ALLOWLISTS);
  });
  afterAll(async () => gateway?.close());

  it.each(PAGES)('%s: answers what the resolved endpoint answers, billed as it, from one cache entry', async (_name, familyName, url) => {
    const before = await balance(gateway);
    const resolved = await get(gateway, resolvePath(url, '&cache_max_age=1h'));
    expect(resolved.status, JSON.stringify(resolved.body).slice(0, 300)).toBe(200);
    const { endpoint, params } = resolved.body.meta.resolved as { endpoint: string; params: Record<string, unknown> };
    expect(catalogue.byPath.get(endpoint)!.family).toBe(familyName);
    const cost = catalogue.byPath.get(endpoint)!.flags.creditCost;
    expect(resolved.body.meta).toMatchObject({ cached: false, creditsCharged: cost });
    expect(resolved.headers.get('x-credits-charged')).toBe(String(cost));
    expect(await balance(gateway)).toBe(before - cost);

    const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined) as [string, string][]);
    const direct = await get(gateway, `${endpoint}?${query}&cache_max_age=1h`);
    expect(direct.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(direct.body.data).toEqual(resolved.body.data);
  });

  it('lists the host of every page with an unknown one, and every family with forms at /v1/resolve/forms', async () => {
    const refused = await get(gateway, resolvePath('https://example.com/page'));
    expect(refused.body.error.details.supportedHosts).toEqual(
      expect.arrayContaining([...new Set(PAGES.map(([, , url]) => new URL(url).hostname))]),
    );
    const forms = await get(gateway, '/v1/resolve/forms');
    expect(forms.body.meta.creditsCharged).toBe(0);
    const families = new Set((forms.body.data.forms as { family: string }[]).map((form) => form.family));
    expect([...families].sort()).toEqual(
      catalogue.families
        .filter((family) => (family.urlForms ?? []).length > 0)
        .map((family) => family.name)
        .sort(),
    );
  });
});

const BOOKS_ORIGIN = `https://${BOOKS_HOST}`;

describe('/v1/resolve on every door, on the test family', () => {
  let harness: Harness;
  let watched: WatchedShelf;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness(
      { WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' },
      { catalogue: bookshelfCatalogue },
    );
    // The watched shelf first: the catalogue's route answers every other shelf (404 for an unknown one).
    watched = watchShelf(harness.upstream, 'watched');
    for (const route of booksRoutes({ ...BOOKS, ...booksOnShelf('two-spellings', 1, 3000) })) harness.upstream.on(route);
  });
  afterAll(async () => {
    await harness?.close();
    await receiver.stop();
  });

  it('reads two spellings of one page into one cache entry and one upstream request', async () => {
    const spellings = [`${BOOKS_ORIGIN}/books/3000?utm_source=newsletter`, `https://WWW.${BOOKS_HOST.toUpperCase()}/books/3000/`];
    const asked = () => harness.upstream.requests.filter((request) => request.url === '/books/3000.json').length;
    const resolved = { endpoint: '/v1/bookshelf/book', params: { id: '3000' } };
    // One after the other: two requests sent at once share one fetch only while they overlap,
    // which a busy machine does not promise; the cache entry is what the spellings must share.
    const live = await harness.get(resolvePath(spellings[0]!));
    expect(live.body.meta).toMatchObject({ resolved, cached: false });
    expect(asked()).toBe(1);
    const hit = await harness.get(resolvePath(spellings[1]!, '&cache_max_age=1h'));
    expect(hit.body.meta).toMatchObject({ resolved, cached: true, creditsCharged: 0 });
    expect(hit.body.data).toEqual(live.body.data);
    expect(asked()).toBe(1);
  });

  it.each([
    ['no url', '/v1/resolve'],
    ['a relative URL', resolvePath('/shelves/poetry')],
    ['a javascript: URL', resolvePath('javascript:alert(1)')],
    ['an unknown host', resolvePath('https://example.com/shelves/poetry')],
    ['a loopback address', resolvePath('http://127.0.0.1/shelves/poetry')],
    ['a settings page', resolvePath(`${BOOKS_ORIGIN}/settings`)],
    ['a login page', resolvePath(`https://www.${BOOKS_HOST}/login/`)],
  ])('refuses %s with 400 naming url, fetching and charging nothing', async (_case, path) => {
    const before = { balance: await balanceOf(harness), requests: harness.upstream.requests.length };
    const refused = await harness.get(path);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'url' } });
    expect(refused.headers.get('x-credits-charged')).toBe('0');
    expect({ balance: await balanceOf(harness), requests: harness.upstream.requests.length }).toEqual(before);
  });

  it('runs a batch of links, each read as its own endpoint, charging exactly the live non-empty ones; a bad link fails alone', async () => {
    const before = await balanceOf(harness);
    const targets = [
      { url: `${BOOKS_ORIGIN}/books/101` },
      { url: `${BOOKS_ORIGIN}/shelves/nature` },
      { url: `https://www.${BOOKS_HOST}/shelves/poetry/title/` },
      { url: `${BOOKS_ORIGIN}/books/999` },
      { url: 'https://example.com/not-a-family' },
    ];
    const created = await harness.post('/v1/jobs/batch', { endpoint: '/v1/resolve', targets });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await harness.finishedJob(created.body.data.id as string);
    expect(job.progress).toEqual({ total: 5, done: 5, failed: 1 });
    const results = job.results as { index: number; result: Record<string, any> }[];
    const envelopes = [...results].sort((a, b) => a.index - b.index).map((each) => each.result);
    expect(envelopes.slice(0, 4).map((envelope) => envelope.meta.resolved)).toEqual([
      { endpoint: '/v1/bookshelf/book', params: expect.objectContaining({ id: '101' }) },
      { endpoint: '/v1/bookshelf/shelf', params: expect.objectContaining({ shelf: 'nature', sort: 'catalogue' }) },
      { endpoint: '/v1/bookshelf/shelf', params: expect.objectContaining({ shelf: 'poetry', sort: 'title' }) },
      { endpoint: '/v1/bookshelf/book', params: expect.objectContaining({ id: '999' }) },
    ]);
    expect(envelopes[3]).toMatchObject({ success: true, data: null, meta: { empty: true, creditsCharged: 0 } });
    expect(envelopes[4]).toMatchObject({ success: false, error: { code: 'invalid_request' } });
    const charged = envelopes.slice(0, 4).reduce((sum, envelope) => sum + (envelope.meta.creditsCharged as number), 0);
    expect(charged).toBe(1 + 1 + 1 + 0);
    expect(job.creditsCharged).toBe(charged);
    expect(await balanceOf(harness)).toBe(before - charged);
  });

  it('GraphQL resolve gives the same Node, with the same global id, as the family root field', async () => {
    const { body } = await harness.graphql(
      `{ resolve(url: "${BOOKS_ORIGIN}/books/201") { id __typename ... on Book { title } }
         bookshelfBook(id: "201") { id title } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.resolve).toMatchObject({ __typename: 'Book', id: body.data.bookshelfBook.id, title: body.data.bookshelfBook.title });
  });

  it('the resolve_url MCP tool answers the same data as the REST call', async () => {
    let client: Client | undefined;
    try {
      client = await connectClient(harness.baseUrl);
      const url = `${BOOKS_ORIGIN}/books/102`;
      const tool = await callTool(client, 'resolve_url', { url });
      const rest = await harness.get(resolvePath(url, '&cache_max_age=1h'));
      expect(rest.body.meta.cached).toBe(true);
      expect(tool.structuredContent).toMatchObject({ data: rest.body.data });
      expect(tool._meta).toMatchObject({ resolved: rest.body.meta.resolved });
    } finally {
      await client?.close();
    }
  });

  it('watches the resource behind the URL and delivers a signed webhook when it changes; a URL whose endpoint is not subscribable is 400', async () => {
    const refused = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: `${BOOKS_ORIGIN}/books/101` },
      webhookUrl: receiver.url,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_request',
      details: { param: 'endpoint', endpoint: '/v1/bookshelf/book' },
    });

    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: `${BOOKS_ORIGIN}/shelves/watched?utm_source=x` },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, secret } = created.body.data as { id: string; secret: string };
    receiver.secret = secret;
    expect(created.body.data).toMatchObject({ endpoint: '/v1/bookshelf/shelf', params: { shelf: 'watched' } });
    await eventually(
      async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined),
      'the baseline',
    );

    watched.books.push({ id: 'p3', title: 'Cedar' });
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const delivery = await eventually(() => receiver.received[0], 'the delivery');
    expect(delivery.verifyError).toBeNull();
    expect(delivery.verified).toMatchObject({ type: 'content.changed', subscriptionId: id, endpoint: '/v1/bookshelf/shelf' });
  });

  it('watches a shelf page as its books listing, in the order of the tab it shows', async () => {
    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: `${BOOKS_ORIGIN}/shelves/watched/title/` },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ endpoint: '/v1/bookshelf/shelf', params: { shelf: 'watched', sort: 'title' } });
    expect((await send(harness, 'DELETE', `/v1/subscriptions/${created.body.data.id as string}`)).status).toBeLessThan(300);
  });
});
