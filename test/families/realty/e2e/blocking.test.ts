import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redfinPage } from '../fixtures/page-builder.js';
import { fixtures, salePage } from '../fixtures/pages.js';
import type { FakeReply } from '../../../support/fake-upstream-server.js';
import { at, balanceOf, expectError, expectProxied, html, realty, startProxiedGateway, type ProxiedGateway } from './support.js';

/** Blocks and unreadable pages end to end: the right code, never charged, never cached (spec 7). */

const listingPath = (id: number) => `/TX/Austin/${id}-Block-Test-Ln-78701/home/${id}`;

const BLOCKS: [string, number, FakeReply, number, string][] = [
  ['a 403', 90000101, html('<html><body>Forbidden</body></html>', { status: 403 }), 502, 'upstream_blocked'],
  [
    'an AWS WAF 202 with x-amzn-waf-action',
    90000103,
    { status: 202, body: '', headers: { 'x-amzn-waf-action': 'challenge' } },
    502,
    'upstream_blocked',
  ],
  [
    'a small page loading the awswaf challenge script',
    90000104,
    html('<html><head><script src="https://a1b2c3.token.awswaf.com/a1b2c3/challenge.js"></script></head><body></body></html>'),
    502,
    'upstream_blocked',
  ],
  [
    'an "Are You a Robot?" page',
    90000105,
    html('<html><head><title>Are You a Robot?</title></head><body><p>Please verify.</p></body></html>'),
    502,
    'upstream_blocked',
  ],
  ['a redirect to /login', 90000106, { status: 302, headers: { location: '/login?redirect=%2FTX%2FAustin' } }, 502, 'upstream_blocked'],
  [
    'a page without any surface',
    90000107,
    html(redfinPage({ title: 'Redfin', cache: null, bodyHtml: '<p>Something else entirely</p>' })),
    502,
    'upstream_schema_drift',
  ],
];

describe('realty blocks through the proxy', () => {
  let gateway: ProxiedGateway;
  const harness = () => gateway.harness;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());
  beforeEach(() => harness().upstream.reset());

  it.each(BLOCKS)('answers %s with the right code, 0 credits, and does not cache it', async (_name, id, reply, status, code) => {
    harness().upstream.on(at(listingPath(id), reply));
    const path = realty('for-sale', { url: `https://www.redfin.com${listingPath(id)}`, cache_max_age: '1h' });
    const before = await balanceOf(harness());

    const first = await harness().get(path);
    expectError(first, status, code);
    expect(first.headers.get('x-credits-charged')).toBe('0');

    const second = await harness().get(path);
    expectError(second, status, code);
    expect(harness().upstream.requests.map((request) => request.url)).toEqual([listingPath(id), listingPath(id)]);
    expect(await balanceOf(harness())).toBe(before);
    // The /login target itself is never requested.
    expect(harness().upstream.requests.some((request) => request.url.startsWith('/login'))).toBe(false);
    expectProxied(gateway.proxy);
  });

  it('treats a stingray call redirected to /login as blocked, though the page loaded', async () => {
    const data = fixtures.saleCom();
    data.url = `https://www.redfin.com${listingPath(90000108)}`;
    harness()
      .upstream.on(at(listingPath(90000108), html(salePage(data, { omit: ['belowTheFold'] }))))
      .on(at('/stingray/api/home/details/belowTheFold', { status: 302, headers: { location: 'https://www.redfin.com/login' } }));
    const response = await harness().get(realty('for-sale', { url: data.url }));
    expectError(response, 502, 'upstream_blocked');
    expect(harness().upstream.requests.map((request) => request.url.split('?')[0])).toEqual([
      listingPath(90000108),
      '/stingray/api/home/details/belowTheFold',
    ]);
  });

  it('blocks search and agent pages the same way', async () => {
    harness()
      .upstream.on(at('/city/30818/TX/Austin/page-5', html('<html><head><title>Are You a Robot?</title></head></html>')))
      .on(at('/real-estate-agents/blocked-agent', html('Forbidden', { status: 403 })));
    expectError(
      await harness().get(realty('search', { url: 'https://www.redfin.com/city/30818/TX/Austin/page-5' })),
      502,
      'upstream_blocked',
    );
    expectError(
      await harness().get(realty('agent', { url: 'https://www.redfin.com/real-estate-agents/blocked-agent' })),
      502,
      'upstream_blocked',
    );
  });
});

describe('a realty 429 with Retry-After through the proxy', () => {
  // A gateway of its own: the Retry-After closes www.redfin.com for the rest of its life.
  let gateway: ProxiedGateway;
  beforeAll(async () => {
    gateway = await startProxiedGateway();
  });
  afterAll(() => gateway.close());

  it('answers 429 with the Retry-After, then refuses the host without a request until then; never charged or cached', async () => {
    const harness = gateway.harness;
    harness.upstream.on(at(listingPath(90000102), html('', { status: 429, headers: { 'retry-after': '120' } })));
    const path = realty('for-sale', { url: `https://www.redfin.com${listingPath(90000102)}`, cache_max_age: '1h' });
    const before = await balanceOf(harness);

    const first = await harness.get(path);
    expectError(first, 429, 'upstream_rate_limited');
    expect([first.headers.get('retry-after'), first.headers.get('x-credits-charged')]).toEqual(['120', '0']);

    const second = await harness.get(path);
    expectError(second, 429, 'upstream_rate_limited');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(118);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    expect(second.headers.get('x-credits-charged')).toBe('0');
    expect(harness.upstream.requests.map((request) => request.url)).toEqual([listingPath(90000102)]);
    expect(await balanceOf(harness)).toBe(before);
    expectProxied(gateway.proxy);
  });
});
