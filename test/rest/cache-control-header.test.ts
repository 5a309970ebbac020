import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKS_HOST, booksRoutes } from '../families/bookshelf/family.js';
import { startBookshelfHarness } from '../support/bookshelf-harness.js';
import { RICH_KEY, type Harness } from '../support/gateway.js';

/** `Cache-Control: max-age=N` on a REST request: the default cache_max_age of its call; the parameter wins. */
describe('Cache-Control on REST', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startBookshelfHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    for (const route of booksRoutes()) harness.upstream.on(route);
  });

  const get = async (path: string, cacheControl: string) => {
    const response = await fetch(harness.baseUrl + path, { headers: { 'x-api-key': RICH_KEY, 'cache-control': cacheControl } });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('serves a cached result no older than max-age, free and without an upstream request', async () => {
    const first = await harness.get('/v1/bookshelf/shelf?shelf=poetry&limit=3');
    expect(first.body.meta).toMatchObject({ cached: false, creditsCharged: 1 });
    const hit = await get('/v1/bookshelf/shelf?shelf=poetry&limit=3', 'public, max-age=3600');
    expect(hit.status).toBe(200);
    expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0, fetchedAt: first.body.meta.fetchedAt });
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('fetches live on no-cache or max-age=0, and an explicit cache_max_age beats the header', async () => {
    await harness.get('/v1/bookshelf/shelf?shelf=poetry&limit=4');
    expect((await get('/v1/bookshelf/shelf?shelf=poetry&limit=4', 'no-cache, max-age=3600')).body.meta).toMatchObject({ cached: false });
    expect((await get('/v1/bookshelf/shelf?shelf=poetry&limit=4', 'max-age=0')).body.meta).toMatchObject({ cached: false });
    expect(harness.upstream.requests).toHaveLength(3);
    const explicit = await get('/v1/bookshelf/shelf?shelf=poetry&limit=4&cache_max_age=1h', 'no-cache');
    expect(explicit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(harness.upstream.requests).toHaveLength(3);
  });

  it('applies to /v1/resolve', async () => {
    const url = encodeURIComponent(`https://${BOOKS_HOST}/books/101`);
    await harness.get(`/v1/resolve?url=${url}`);
    const hit = await get(`/v1/resolve?url=${url}`, 'max-age=600');
    expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it.each(['max-age=abc', 'max-age=-5', 'max-age=1.5', 'max-age=5, max-age=6'])(
    'refuses %j with 400 naming the header, before anything is fetched',
    async (value) => {
      // With an explicit cache_max_age too: a request the cache could answer is refused all the same.
      for (const path of ['/v1/bookshelf/shelf?shelf=poetry&limit=5', '/v1/bookshelf/shelf?shelf=poetry&limit=5&cache_max_age=1h']) {
        const refused = await get(path, value);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('cache-control') });
        expect(refused.body.meta).toMatchObject({ creditsCharged: 0 });
      }
      expect(harness.upstream.requests).toHaveLength(0);
    },
  );
});
