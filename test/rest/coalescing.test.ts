import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { booksOnShelf, booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { balanceOf } from '../support/envelope.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';

/**
 * Request coalescing across callers (docs/upstream-budgets.md, "Coalescing and billing"): concurrent identical
 * cold requests share one upstream fetch. Billing stays per request: every caller whose
 * request was served live pays its endpoint's cost, a cache hit pays nothing, and when the
 * shared fetch fails nobody pays.
 */

const CALLERS = 200;

interface Answer {
  status: number;
  body: { success: boolean; meta: { creditsCharged: number; cached?: boolean }; data?: { items: unknown[] }; error?: { code: string } };
  charged: string | null;
}

/** The callers' own pool, destroyed at the end so no half-closed socket keeps the gateway from closing. */
const callers = new Agent({ connections: CALLERS + 10 });

async function get(harness: Harness, path: string, signal?: AbortSignal): Promise<Answer> {
  const response = await request(harness.baseUrl + path, { headers: { 'x-api-key': RICH_KEY }, signal, dispatcher: callers });
  const charged = response.headers['x-credits-charged'];
  return {
    status: response.statusCode,
    body: (await response.body.json()) as Answer['body'],
    charged: typeof charged === 'string' ? charged : null,
  };
}

describe('coalescing of concurrent identical cold requests', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ API_KEYS: `${RICH_KEY}=100000` }, { catalogue: bookshelfCatalogue });
  });
  afterAll(async () => {
    await callers.destroy();
    await harness.close();
  });
  beforeEach(() => harness.upstream.reset());

  /** Serves a shelf of `count` books, each answer after `delayMs`, so identical callers overlap. */
  const serveSlowly = (shelf: string, count: number, delayMs: number) => {
    for (const route of booksRoutes(booksOnShelf(shelf, count), { delayMs })) harness.upstream.on(route);
  };

  it(`makes one upstream request for ${CALLERS} callers, answers all, and charges each live answer once`, async () => {
    serveSlowly('coalesced', 20, 150);
    const before = await balanceOf(harness);
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, () => get(harness, '/v1/bookshelf/shelf?shelf=coalesced&limit=20&cache_max_age=1h')),
    );

    expect(harness.upstream.requests).toHaveLength(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(CALLERS).fill(200));
    expect(answers.every((answer) => answer.body.data?.items.length === 20)).toBe(true);
    // Callers that arrived while the fetch was in flight were served live; any later one was a hit.
    const live = answers.filter((answer) => answer.body.meta.cached === false);
    expect(live.length).toBeGreaterThan(0);
    for (const answer of answers) {
      const expected = answer.body.meta.cached ? 0 : 1;
      expect(answer.body.meta.creditsCharged).toBe(expected);
      expect(answer.charged).toBe(String(expected));
    }
    expect(before - (await balanceOf(harness))).toBe(live.length);
  });

  it('shares a failure with every caller and charges nobody', async () => {
    harness.upstream.on((_request, url) =>
      url.pathname === '/shelves/failing.json' ? { status: 503, body: { message: 'down' }, delayMs: 100 } : undefined,
    );
    const before = await balanceOf(harness);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(harness, '/v1/bookshelf/shelf?shelf=failing')));
    expect(harness.upstream.requests).toHaveLength(1);
    expect(
      answers.every((answer) => answer.body.success === false && answer.body.meta.creditsCharged === 0 && answer.charged === '0'),
    ).toBe(true);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('keeps serving the others when one caller disconnects, and does not charge the one that left', async () => {
    serveSlowly('leaving', 20, 300);
    const before = await balanceOf(harness);
    const leaving = new AbortController();
    const path = '/v1/bookshelf/shelf?shelf=leaving';
    const aborted = get(harness, path, leaving.signal).then(
      () => 'answered',
      () => 'aborted',
    );
    const others = Array.from({ length: 20 }, () => get(harness, path));
    setTimeout(() => leaving.abort(), 50);
    expect(await aborted).toBe('aborted');
    const answers = await Promise.all(others);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(harness.upstream.requests).toHaveLength(1);
    // The release of the caller that left settles on its own schedule; wait for the balance to settle.
    await expect.poll(async () => before - (await balanceOf(harness))).toBe(20);
  });
});
