import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { GatewayError } from '../../src/errors.js';
import { CAPPED_KEY, POOR_KEY, RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

const SHELF = '/v1/bookshelf/shelf?shelf=synthetic';

describe('billing guarantees over REST', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(
      { API_KEYS: `${RICH_KEY}=1000,${POOR_KEY}=0,${CAPPED_KEY}=100:2,sk_test_five_0001=5` },
      { catalogue: bookshelfCatalogue },
    );
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  const balanceOf = async (key: string) => (await harness.get('/v1/account', key)).body.data.balance as number;
  /** Serves the shelf `synthetic` with `count` books (none: the catalogue has no such shelf). */
  const serveShelf = (count = 3) => {
    for (const route of booksRoutes(booksOnShelf('synthetic', count))) harness.upstream.on(route);
  };

  it('charges 1 credit for a live, non-empty result and says so in meta and headers', async () => {
    serveShelf();
    const before = await balanceOf(RICH_KEY);
    const response = await harness.get(SHELF);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.items).toHaveLength(3);
    expect(response.body.meta).toMatchObject({ creditsCharged: 1, cached: false });
    expect(response.headers.get('x-credits-charged')).toBe('1');
    expect(Number(response.headers.get('x-credits-remaining'))).toBe(before - 1);
    expect(await balanceOf(RICH_KEY)).toBe(before - 1);
  });

  it('does not charge a failed request', async () => {
    harness.upstream.on(() => ({ status: 500, body: 'oops' }));
    const before = await balanceOf(RICH_KEY);
    const response = await harness.get(SHELF);
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ success: false, error: { code: 'upstream_blocked' }, meta: { creditsCharged: 0 } });
    expect(response.headers.get('x-credits-charged')).toBe('0');
    expect(await balanceOf(RICH_KEY)).toBe(before);
  });

  it('does not charge or cache an empty result', async () => {
    serveShelf(0);
    const before = await balanceOf(RICH_KEY);
    const response = await harness.get(`${SHELF}&limit=9&cache_max_age=1h`);
    expect(response.status).toBe(200);
    expect(response.body.data.items).toEqual([]);
    expect(response.body.meta).toMatchObject({ creditsCharged: 0, empty: true });
    expect(await balanceOf(RICH_KEY)).toBe(before);
    await harness.get(`${SHELF}&limit=9&cache_max_age=1h`);
    expect(harness.upstream.requests.filter((request) => request.url.startsWith('/shelves/synthetic.json'))).toHaveLength(2);
  });

  it('names no_results as the reason of an empty list whose family names none', async () => {
    serveShelf(2);
    const all = await harness.get(`${SHELF}&limit=2`);
    const last = all.body.data.items.at(-1).id as string;
    const pastTheEnd = await harness.get(`${SHELF}&limit=2&cursor=${last}`);
    expect(pastTheEnd.body.data.items).toEqual([]);
    expect(pastTheEnd.body.meta).toMatchObject({ creditsCharged: 0, empty: true, reason: 'no_results' });
  });

  it('serves a cache hit for 0 credits with the original fetchedAt', async () => {
    serveShelf(2);
    const first = await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=7');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = await balanceOf(RICH_KEY);
    const hit = await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=7&cache_max_age=7d');
    expect(hit.status).toBe(200);
    expect(hit.body.meta).toMatchObject({ creditsCharged: 0, cached: true, fetchedAt: first.body.meta.fetchedAt });
    expect(hit.body.meta.ageSeconds).toBeGreaterThanOrEqual(1);
    expect(hit.body.data).toEqual(first.body.data);
    expect(await balanceOf(RICH_KEY)).toBe(before);
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('refetches when the cached result is older than cache_max_age', async () => {
    serveShelf(2);
    await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=8');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=8&cache_max_age=1s');
    expect(stale.body.meta).toMatchObject({ creditsCharged: 1, cached: false });
    expect(harness.upstream.requests).toHaveLength(2);
  });

  it('answers 401 for a bad key even when another key has no credits, and 401 missing_api_key without one', async () => {
    const invalid = await harness.get(SHELF, 'sk_test_unknown_key');
    expect(invalid.status).toBe(401);
    expect(invalid.body.error.code).toBe('invalid_api_key');
    const missing = await harness.get(SHELF, null);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('missing_api_key');
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('reports each caller their own balance and cap on a cache hit, and checks the key before the query', async () => {
    serveShelf();
    await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=6');
    const path = '/v1/bookshelf/shelf?shelf=synthetic&limit=6&cache_max_age=1h';
    for (const key of [RICH_KEY, CAPPED_KEY, POOR_KEY]) {
      const balance = await balanceOf(key);
      const hit = await harness.get(path, key);
      expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
      expect(Number(hit.headers.get('x-credits-remaining'))).toBe(balance);
    }
    expect(harness.upstream.requests).toHaveLength(1);
    const capped = await harness.get(path, CAPPED_KEY);
    expect(capped.headers.get('ratelimit-policy')).toContain('q=2');
    // An unknown key on a cached URL with a bad parameter: the key problem is reported, not the query.
    const unknown = await harness.get(`${path}&limit=900`, 'sk_test_unknown_key');
    expect(unknown.body.error.code).toBe('invalid_api_key');
  });

  it('answers 402 for a valid key with too few credits, before any upstream request', async () => {
    serveShelf();
    const response = await harness.get(SHELF, POOR_KEY);
    expect(response.status).toBe(402);
    expect(response.body.error.code).toBe('insufficient_credits');
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('enforces the daily cap with 429 daily_cap_exceeded, Retry-After and RateLimit headers', async () => {
    serveShelf();
    const first = await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=2', CAPPED_KEY);
    // The daily cap's policy comes first; the per-minute request rate ("burst") follows it.
    expect(first.headers.get('ratelimit-policy')).toBe('"daily";q=2;w=86400, "burst";q=600;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"daily";r=1;t=\d+$/);
    await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=3', CAPPED_KEY);
    const third = await harness.get('/v1/bookshelf/shelf?shelf=synthetic&limit=4', CAPPED_KEY);
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('daily_cap_exceeded');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('never spends more than the balance under concurrency', async () => {
    serveShelf();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        harness.get(`/v1/bookshelf/shelf?shelf=synthetic&limit=${index + 1}`, 'sk_test_five_0001'),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(15);
    expect(await balanceOf('sk_test_five_0001')).toBe(0);
  });

  it('summarises charges on /v1/account', async () => {
    const account = await harness.get('/v1/account', CAPPED_KEY);
    expect(account.body.data).toMatchObject({ dailyCap: 2, dailyUsed: 2, balance: 98 });
    expect(account.body.data.recentUsage[0]).toMatchObject({ endpoint: '/v1/bookshelf/shelf', credits: 1, kind: 'charge' });
  });

  it("answers one request's usage on /v1/account?request_id=, empty for a request that was not charged", async () => {
    serveShelf();
    const charged = await harness.get(SHELF);
    const requestId = charged.headers.get('x-request-id')!;
    const lookup = await harness.get(`/v1/account?request_id=${encodeURIComponent(requestId)}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.recentUsage).toEqual([expect.objectContaining({ requestId, credits: 1, kind: 'charge' })]);
    const uncharged = await harness.get(`/v1/account?request_id=${encodeURIComponent('not-a-charged-request')}`);
    expect(uncharged.body.data.recentUsage).toEqual([]);
    expect(uncharged.body.data.balance).toBe(lookup.body.data.balance);
    const tooLong = await harness.get(`/v1/account?request_id=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'invalid_request' });
  });

  it('points a caller whose charge may stand at its usage by request id, never saying nothing was charged', async () => {
    serveShelf();
    const ledger = harness.gateway.state.ledger;
    const commit = ledger.commit.bind(ledger);
    // A commit that could confirm neither the charge nor its take-back (the ledger's own refusal).
    ledger.commit = async (accountId, reservationId) => {
      await commit(accountId, reservationId);
      throw new GatewayError('service_unavailable', 'The charge may stand.', { retryAfter: 1, details: { chargeMayStand: true } });
    };
    try {
      const response = await harness.get(SHELF);
      const requestId = response.headers.get('x-request-id')!;
      expect(response.status).toBe(503);
      expect(response.body.error).toMatchObject({
        code: 'service_unavailable',
        details: { chargeMayStand: true, requestId, usage: `/v1/account?request_id=${encodeURIComponent(requestId)}` },
      });
      const lookup = await harness.get(response.body.error.details.usage as string);
      expect(lookup.body.data.recentUsage).toEqual([expect.objectContaining({ requestId, credits: 1 })]);
    } finally {
      ledger.commit = commit;
    }
  });
});
