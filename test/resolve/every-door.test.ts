import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { catalogue } from '../support/registered-catalogue.js';
import { NPM_WEB_HOST } from '../../src/families/packages/constants.js';
import { salePage, fixtures } from '../families/realty/fixtures/pages.js';
import { ADVERTISER, creativeIdOf } from '../families/ads/bodies.js';
import { html } from '../../src/demo-kit/replies.js';
import { HOME as INSTANCE } from '../../src/families/fediverse/demo/entities.js';
import { balance, get, HARDENING_KEY, startHardeningGateway, type HardeningGateway } from '../hardening/support/hardening-gateway.js';
import { callTool, connectClient } from '../mcp/support.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { eventually, send, WebhookReceiver } from '../subscriptions/support.js';

/**
 * /v1/resolve across every registered family, on the hardening gateway (every family's healthy
 * fake upstream): one URL form per family answers what its endpoint answers, billed as it; two
 * spellings share one entry and one request; bad URLs cost and fetch nothing; batches of mixed
 * links, GraphQL, MCP and change subscriptions take URLs too.
 */

const saleCa = fixtures.saleCa();

/** One page URL per family, with a tracking parameter or a host alias where the form has one. */
const URLS: Readonly<Record<string, string>> = {
  forumPost: 'https://old.reddit.com/r/resolvers/comments/rs1abc/a_title/?utm_source=share&utm_medium=web',
  forumCommunity: 'https://www.reddit.com/r/fd_resolve/',
  forumUser: 'https://www.reddit.com/user/fu_resolve/',
  realtyCom: fixtures.saleCom().url,
  realtyCa: saleCa.url,
  codeRepo: 'https://github.com/fault-owner/resolved-repo?tab=readme',
  codeUser: 'https://www.github.com/resolved-user',
  codeIssue: 'https://github.com/fault-owner/resolved-issue/issues/1',
  social: 'https://bsky.app/profile/user7.example.com/post/p7',
  ads: `https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(7)}?region=anywhere`,
  packages: `https://${NPM_WEB_HOST}/package/resolved-package`,
  news: 'https://news.ycombinator.com/item?id=1001',
  video: 'https://youtu.be/vidResolve7?t=5',
  // Read on the instances the allowlist names (set below), only.
  fediverse: `https://${INSTANCE}/@resolved?utm_source=x`,
};

/** The .ca marketplace's listing page, which the shared healthy realty upstream does not serve. */
function serveCanadianListing(gateway: HardeningGateway): void {
  const path = new URL(saleCa.url).pathname;
  gateway.harness.upstream.on((_request, url) =>
    url.hostname === 'www.redfin.ca' && url.pathname === path ? html(salePage(saleCa)) : undefined,
  );
}

const resolvePath = (url: string, extra = '') => `/v1/resolve?url=${encodeURIComponent(url)}${extra}`;

describe('/v1/resolve across every family', () => {
  let gateway: HardeningGateway;
  beforeAll(async () => {
    gateway = await startHardeningGateway({ FEDIVERSE_INSTANCES: INSTANCE });
    serveCanadianListing(gateway);
  });
  afterAll(async () => gateway?.close());

  it.each(Object.entries(URLS))(
    '%s: answers what the resolved endpoint answers, billed as it, from one cache entry',
    async (_name, url) => {
      const before = await balance(gateway);
      const resolved = await get(gateway, resolvePath(url, '&cache_max_age=1h'));
      expect(resolved.status, JSON.stringify(resolved.body).slice(0, 300)).toBe(200);
      const { endpoint, params } = resolved.body.meta.resolved as { endpoint: string; params: Record<string, unknown> };
      const cost = catalogue.byPath.get(endpoint)!.flags.creditCost;
      expect(resolved.body.meta).toMatchObject({ cached: false, creditsCharged: cost });
      expect(resolved.headers.get('x-credits-charged')).toBe(String(cost));
      expect(await balance(gateway)).toBe(before - cost);

      const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined) as [string, string][]);
      const direct = await get(gateway, `${endpoint}?${query}&cache_max_age=1h`);
      expect(direct.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
      expect(direct.body.data).toEqual(resolved.body.data);
    },
  );

  it('reads two spellings of one page into one cache entry and one upstream request', async () => {
    const spellings = [
      'https://github.com/fault-owner/two-spellings?utm_source=newsletter',
      'https://www.github.com/Fault-Owner/Two-Spellings/',
    ];
    const asked = () => gateway.requests().filter((request) => request.url === '/repos/fault-owner/two-spellings').length;
    const resolved = { endpoint: '/v1/code/repo', params: { repo: 'fault-owner/two-spellings' } };
    // One after the other: two requests sent at once share one fetch only while they overlap,
    // which a busy machine does not promise; the cache entry is what the spellings must share.
    const live = await get(gateway, resolvePath(spellings[0]!));
    expect(live.body.meta).toMatchObject({ resolved, cached: false });
    expect(asked()).toBe(1);
    const hit = await get(gateway, resolvePath(spellings[1]!, '&cache_max_age=1h'));
    expect(hit.body.meta).toMatchObject({ resolved, cached: true, creditsCharged: 0 });
    expect(hit.body.data).toEqual(live.body.data);
    expect(asked()).toBe(1);
  });

  it.each([
    ['no url', '/v1/resolve'],
    ['a relative URL', resolvePath('/r/redditdev')],
    ['a javascript: URL', resolvePath('javascript:alert(1)')],
    ['an unknown host', resolvePath('https://example.com/r/redditdev')],
    ['a loopback address', resolvePath('http://127.0.0.1/r/redditdev')],
    ['a settings page', resolvePath('https://github.com/settings')],
    ['a login page', resolvePath('https://www.reddit.com/login/')],
  ])('refuses %s with 400 naming url, fetching and charging nothing', async (_case, path) => {
    const before = { balance: await balance(gateway), requests: gateway.requests().length };
    const refused = await get(gateway, path);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'url' } });
    expect(refused.headers.get('x-credits-charged')).toBe('0');
    expect({ balance: await balance(gateway), requests: gateway.requests().length }).toEqual(before);
  });

  it('lists the supported hosts with an unknown one, and every form at /v1/resolve/forms', async () => {
    const refused = await get(gateway, resolvePath('https://example.com/page'));
    expect(refused.body.error.details.supportedHosts).toEqual(
      expect.arrayContaining(['github.com', 'www.reddit.com', 'bsky.app', INSTANCE]),
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

  it('runs a batch of mixed links, each in its own family, charging exactly the live non-empty ones; a bad link fails alone', async () => {
    const before = await balance(gateway);
    const targets = [
      { url: 'https://www.reddit.com/r/batched/comments/bt1abc/' },
      { url: 'https://github.com/fault-owner/batched-repo' },
      { url: 'https://news.ycombinator.com/item?id=1003' },
      { url: `https://adstransparency.google.com/advertiser/${ADVERTISER}/creative/${creativeIdOf(9)}` },
      { url: 'https://example.com/not-a-family' },
    ];
    const created = await gateway.harness.gateway.server.inject({
      method: 'POST',
      url: '/v1/jobs/batch',
      headers: { 'x-api-key': HARDENING_KEY, 'content-type': 'application/json' },
      payload: { endpoint: '/v1/resolve', targets },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().data.id as string;
    const job = await eventually(
      async () => {
        const view = (await get(gateway, `/v1/jobs/${id}`)).body.data;
        return view.status === 'succeeded' || view.status === 'failed' ? view : undefined;
      },
      'the batch',
      30_000,
    );
    expect(job.progress).toEqual({ total: 5, done: 5, failed: 1 });
    const results = job.results as { index: number; result: Record<string, any> }[];
    const envelopes = [...results].sort((a, b) => a.index - b.index).map((each) => each.result);
    expect(envelopes.slice(0, 4).map((envelope) => envelope.meta.resolved.endpoint)).toEqual([
      '/v1/forum/post',
      '/v1/code/repo',
      '/v1/news/item',
      '/v1/ads/ad',
    ]);
    expect(envelopes[4]).toMatchObject({ success: false, error: { code: 'invalid_request' } });
    const charged = envelopes.slice(0, 4).reduce((sum, envelope) => sum + (envelope.meta.creditsCharged as number), 0);
    expect(charged).toBe(1 + 1 + 1 + 2);
    expect(job.creditsCharged).toBe(charged);
    expect(await balance(gateway)).toBe(before - charged);
  });

  it('GraphQL resolve gives the same Node, with the same global id, as the family root field', async () => {
    const { body } = await gateway.harness.graphql(
      `{ resolve(url: "https://github.com/fault-owner/graphql-repo") { id __typename ... on Repository { fullName } }
         codeRepo(repo: "fault-owner/graphql-repo") { id fullName } }`,
      {},
      HARDENING_KEY,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.resolve).toMatchObject({ __typename: 'Repository', id: body.data.codeRepo.id, fullName: body.data.codeRepo.fullName });
  });

  it("reads a community page, each of its tabs and an account's submissions page as the listing the page shows", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['https://www.reddit.com/r/fd_tabs/', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'hot' }],
      ['https://old.reddit.com/r/fd_tabs/new/', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'new' }],
      ['https://www.reddit.com/r/fd_tabs/top/?t=week', '/v1/forum/subreddit', { subreddit: 'fd_tabs', sort: 'top', timeframe: 'week' }],
      ['https://www.reddit.com/user/fu_tabs/submitted/?sort=top', '/v1/forum/user/posts', { username: 'fu_tabs', sort: 'top' }],
    ];
    for (const [url, endpoint, params] of cases) {
      const resolved = await get(gateway, resolvePath(url));
      expect(resolved.status, JSON.stringify(resolved.body).slice(0, 300)).toBe(200);
      expect(resolved.body.meta.resolved).toMatchObject({ endpoint, params });
      expect(Array.isArray(resolved.body.data.items)).toBe(true);
    }
    // A profile page stays the profile, and a community's about page the community.
    expect((await get(gateway, resolvePath('https://www.reddit.com/user/fu_tabs/'))).body.meta.resolved.endpoint).toBe('/v1/forum/user');
    expect((await get(gateway, resolvePath('https://www.reddit.com/r/fd_tabs/about/'))).body.meta.resolved.endpoint).toBe(
      '/v1/forum/subreddit/details',
    );
  });

  it("GraphQL resolve gives a community page's community, and a submissions page's account, as their own root fields do", async () => {
    const { body } = await gateway.harness.graphql(
      `{ community: resolve(url: "https://www.reddit.com/r/fd_nodes/top/") { id __typename }
         details: forumSubredditDetails(subreddit: "fd_nodes") { id }
         account: resolve(url: "https://www.reddit.com/user/fu_nodes/submitted/") { id __typename }
         user: forumUser(username: "fu_nodes") { id } }`,
      {},
      HARDENING_KEY,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.community).toEqual({ __typename: 'Creator', id: body.data.details.id });
    expect(body.data.account).toEqual({ __typename: 'Creator', id: body.data.user.id });
  });

  it('the resolve_url MCP tool answers the same data as the REST call', async () => {
    let client: Client | undefined;
    try {
      client = await connectClient(gateway.harness.baseUrl, { key: HARDENING_KEY });
      const url = 'https://github.com/fault-owner/mcp-repo';
      const tool = await callTool(client, 'resolve_url', { url });
      const rest = await get(gateway, resolvePath(url, '&cache_max_age=1h'));
      expect(rest.body.meta.cached).toBe(true);
      expect(tool.structuredContent).toMatchObject({ data: rest.body.data });
      expect(tool._meta).toMatchObject({ resolved: rest.body.meta.resolved });
    } finally {
      await client?.close();
    }
  });
});

describe('change subscriptions on a URL, and links between families', () => {
  let harness: Harness;
  const receiver = new WebhookReceiver();
  const repo = JSON.parse(readFileSync(fileURLToPath(new URL('../families/code/fixtures/repo.json', import.meta.url)), 'utf8')) as Record<
    string,
    unknown
  >;
  let stars = 10;

  beforeAll(async () => {
    await receiver.start();
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true', SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1' });
    harness.upstream.on((_request, url) =>
      url.pathname === '/repos/watched-owner/watched-repo'
        ? { body: { ...repo, stargazers_count: stars, watchers_count: stars }, headers: { 'content-type': 'application/json' } }
        : undefined,
    );
    harness.upstream.on((_request, url) => {
      const story = {
        by: 'linker',
        id: 5001,
        time: 1_767_000_000,
        type: 'story',
        title: 'A linked repository',
        url: 'https://github.com/linking-owner/linked-repo',
      };
      const ask = { by: 'asker', id: 5002, time: 1_767_000_000, type: 'story', title: 'Ask HN: anything?', text: '<p>Well?</p>' };
      if (url.pathname === '/v0/item/5001.json') return { body: story, headers: { 'content-type': 'application/json' } };
      if (url.pathname === '/v0/item/5002.json') return { body: ask, headers: { 'content-type': 'application/json' } };
      if (url.pathname === '/repos/linking-owner/linked-repo') return { body: repo, headers: { 'content-type': 'application/json' } };
      return undefined;
    });
  });
  afterAll(async () => {
    await harness?.close();
    await receiver.stop();
  });

  it("Post.linkedResource is the resource behind a link post's link, and null for a self post", async () => {
    const { body } = await harness.graphql(
      `{ link: newsItem(id: "5001") { linkUrl linkedResource { __typename ... on Repository { fullName } } }
         self: newsItem(id: "5002") { linkUrl linkedResource { id } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.link).toEqual({
      linkUrl: 'https://github.com/linking-owner/linked-repo',
      linkedResource: { __typename: 'Repository', fullName: repo.full_name },
    });
    expect(body.data.self).toEqual({ linkUrl: null, linkedResource: null });
  });

  it('watches the resource behind the URL and delivers a signed webhook when it changes; a URL whose endpoint is not subscribable is 400', async () => {
    const refused = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: 'https://www.reddit.com/r/redditdev/about/' },
      webhookUrl: receiver.url,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_request',
      details: { param: 'endpoint', endpoint: '/v1/forum/subreddit/details' },
    });

    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: 'https://github.com/watched-owner/watched-repo?utm_source=x' },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, secret } = created.body.data as { id: string; secret: string };
    receiver.secret = secret;
    expect(created.body.data).toMatchObject({ endpoint: '/v1/code/repo', params: { repo: 'watched-owner/watched-repo' } });
    await eventually(
      async () => ((await send(harness, 'GET', `/v1/subscriptions/${id}`)).body.data?.hash ? true : undefined),
      'the baseline',
    );

    stars = 11;
    expect(await harness.gateway.subscriptions.checkNow(id)).toEqual({ ran: true, outcome: 'changed' });
    const delivery = await eventually(() => receiver.received[0], 'the delivery');
    expect(delivery.verifyError).toBeNull();
    expect(delivery.verified).toMatchObject({ type: 'content.changed', subscriptionId: id, endpoint: '/v1/code/repo' });
  });

  it('watches a community page as its posts listing, in the order of the tab it shows', async () => {
    const created = await send(harness, 'POST', '/v1/subscriptions', {
      endpoint: '/v1/resolve',
      params: { url: 'https://www.reddit.com/r/redditdev/new/' },
      webhookUrl: receiver.url,
      intervalSeconds: 3600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ endpoint: '/v1/forum/subreddit', params: { subreddit: 'redditdev', sort: 'new' } });
    expect((await send(harness, 'DELETE', `/v1/subscriptions/${created.body.data.id as string}`)).status).toBeLessThan(300);
  });
});
