import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { GatewayError } from '../../src/errors.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import type { BudgetCeiling } from '../../src/config/upstream-budgets.js';
import { BudgetGuard, isBudgetRefusal } from '../../src/upstream/budget/guard.js';
import { egressOf } from '../../src/upstream/budget/egress.js';
import { boundedBudget, readRetryAfter } from '../../src/upstream/budget/read-budget.js';
import { MAX_RETRY_AFTER_SECONDS } from '../../src/upstream/classify.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import type { UpstreamObserver } from '../../src/upstream/observer.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { BOOKS_HOST, COVERS_HOST, readCatalogueBudget } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { catalogue } from '../support/registered-catalogue.js';

const HOSTS = [BOOKS_HOST, COVERS_HOST];
const SHELF = 'https://books.example.test/shelves/x.json';
/** The configuration of a deployment that serves the test family beside the real ones. */
const configOf = (env: Record<string, string>) => loadConfig(env, bookshelfCatalogue.families);

async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('budget readers', () => {
  const now = 1_700_000_000_000;

  it('reads a Retry-After in seconds or as a date when a family declares no reader', () => {
    expect(readRetryAfter({ 'retry-after': '17' }, now)).toEqual({ remaining: 0, resetAtMs: now + 17_000 });
    expect(readRetryAfter({ 'retry-after': '0' }, now)).toBeNull();
    expect(readRetryAfter({}, now)).toBeNull();
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(readRetryAfter({ 'retry-after': inAMinute }, now)?.resetAtMs).toBeGreaterThan(now + 50_000);
  });

  it('bounds what a platform announces: no reset beyond the longest Retry-After, none in the past, no odd counts', () => {
    expect(boundedBudget({ remaining: 0, resetAtMs: now + 10 * 365 * 86_400_000 }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + MAX_RETRY_AFTER_SECONDS * 1000,
    });
    expect(boundedBudget({ remaining: 5, resetAtMs: now - 1 }, now)).toBeNull();
    expect(boundedBudget({ remaining: -3, resetAtMs: now + 1000 }, now)).toEqual({ remaining: 0, resetAtMs: now + 1000 });
    expect(boundedBudget({ remaining: Number.NaN, resetAtMs: now + 1000 }, now)).toBeNull();
    expect(boundedBudget(null, now)).toBeNull();
  });

  it('names the egress without showing a proxy URL', () => {
    expect(egressOf(undefined)).toBe('direct');
    const proxied = egressOf('http://user:secret@proxy.example:8080');
    expect(proxied).toMatch(/^proxy-[0-9a-f]{12}$/);
    expect(proxied).not.toContain('secret');
    expect(egressOf('http://other.example:8080')).not.toBe(proxied);
  });
});

describe('UPSTREAM_BUDGETS', () => {
  it('parses host=requests/window entries', () => {
    const config = configOf({ UPSTREAM_BUDGETS: 'books.example.test=120/60s, COVERS.EXAMPLE.TEST=1000/1h' });
    expect([...config.UPSTREAM_BUDGETS]).toEqual([
      ['books.example.test', { limit: 120, windowMs: 60_000 }],
      ['covers.example.test', { limit: 1000, windowMs: 3_600_000 }],
    ]);
    expect([...configOf({ UPSTREAM_BUDGETS: 'covers.example.test=5/2m' }).UPSTREAM_BUDGETS]).toEqual([
      ['covers.example.test', { limit: 5, windowMs: 120_000 }],
    ]);
    expect(configOf({}).UPSTREAM_BUDGETS.size).toBe(0);
  });

  it('refuses a ceiling on a host no family fetches, unless some family fetches hosts its callers name', () => {
    const fixedHosts = bookshelfCatalogue.families.filter((family) => family.callerNamedHosts === undefined);
    expect(() => loadConfig({ UPSTREAM_BUDGETS: 'book.example.test=120/60s' }, fixedHosts)).toThrow(
      /^Invalid UPSTREAM_BUDGETS: book\.example\.test is not a host any family fetches$/,
    );
    // The test family's host is known only to a deployment that registers it.
    const registeredFixed = catalogue.families.filter((family) => family.callerNamedHosts === undefined);
    expect(() => loadConfig({ UPSTREAM_BUDGETS: 'books.example.test=120/60s' }, registeredFixed)).toThrow(
      /is not a host any family fetches/,
    );
    expect(configOf({ UPSTREAM_BUDGETS: 'book.example.test=120/60s' }).UPSTREAM_BUDGETS.get('book.example.test')).toEqual({
      limit: 120,
      windowMs: 60_000,
    });
  });

  it.each([
    'books.example.test=120',
    'books.example.test=0/60s',
    'books.example.test=120/0s',
    'books.example.test=ten/60s',
    '=1/1s',
    'books.example.test=1/1s,books.example.test=2/1s',
    'books.example.test=120/60d',
  ])('stops start-up on %s with one line naming the variable', (value) => {
    expect(() => configOf({ UPSTREAM_BUDGETS: value })).toThrow(ConfigError);
    expect(() => configOf({ UPSTREAM_BUDGETS: value })).toThrow(/^Invalid UPSTREAM_BUDGETS: [^\n]+$/);
  });
});

/** What an observer saw, counted. */
function countingObserver() {
  const seen = { requests: [] as string[], refusals: [] as string[], joins: 0 };
  const observer: UpstreamObserver = {
    request: (host, outcome) => seen.requests.push(`${host} ${outcome}`),
    refused: (host, budget) => seen.refusals.push(`${host} ${budget}`),
    joined: () => (seen.joins += 1),
  };
  return { seen, observer };
}

describe('the upstream client with budgets, over loopback', () => {
  const fake = new FakeUpstream();
  let origins: Map<string, URL>;
  const clock = { now: Date.now() };
  const opened: { client: UpstreamClient; guard: BudgetGuard }[] = [];

  /** A client on a budget store (fresh unless given) with a clock the test moves. */
  function clientOn(store = new MemoryBudgetStore(), ceilings = new Map<string, BudgetCeiling>()) {
    const { seen, observer } = countingObserver();
    const guard = new BudgetGuard({ store, ceilings, observer, now: () => clock.now });
    const client = new UpstreamClient({ origins, timeoutMs: 2000, budgets: guard, observer });
    opened.push({ client, guard });
    const books = client.forFamily({ family: 'bookshelf', hosts: HOSTS, readBudget: readCatalogueBudget });
    const plain = client.forFamily({ family: 'plain', hosts: HOSTS });
    return { client, guard, books, plain, seen, store };
  }

  beforeAll(async () => {
    const origin = new URL(await fake.start());
    origins = new Map(HOSTS.map((host) => [host, origin]));
  });
  afterAll(async () => {
    for (const { client, guard } of opened) {
      await client.close();
      await guard.close();
    }
    await fake.stop();
  });
  beforeEach(() => {
    fake.reset();
    clock.now = Date.now();
  });

  const answerWith = (headers: Record<string, string>, status = 200) => fake.on(() => ({ status, headers, body: { ok: true } }));

  it('refuses a spent host without a request until its reset, then calls it again', async () => {
    const { books, seen } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '0.0', 'x-ratelimit-used': '100', 'x-ratelimit-reset': '20' });
    // The answer that says "spent" is itself a good answer.
    expect((await books.fetch({ url: SHELF })).status).toBe(200);

    clock.now += 500;
    const refusals = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) => failureOf(books.fetch({ url: `${SHELF}?n=${index}` }))),
    );
    expect(fake.requests).toHaveLength(1);
    for (const refusal of refusals) {
      expect(refusal.code).toBe('upstream_rate_limited');
      expect(refusal.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refusal.retryAfter).toBeLessThanOrEqual(20);
      expect(refusal.details).toEqual({ host: 'books.example.test', budget: 'announced' });
      expect(isBudgetRefusal(refusal)).toBe(true);
    }
    // The other host of the family has a budget of its own.
    expect((await books.fetch({ url: 'https://covers.example.test/101.jpg' })).status).toBe(200);

    clock.now += 20_000;
    expect((await books.fetch({ url: SHELF })).status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    expect(seen.refusals).toEqual(Array.from({ length: 10 }, () => 'books.example.test announced'));
    expect(seen.requests).toEqual(['books.example.test ok', 'covers.example.test ok', 'books.example.test ok']);
  });

  it('tells the caller 1 second at least, never 0, when the reset is a moment away', async () => {
    const { books } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' });
    await books.fetch({ url: SHELF });
    clock.now += 990;
    expect((await failureOf(books.fetch({ url: SHELF }))).retryAfter).toBe(1);
  });

  it('keeps calling while budget remains, and shows it in the snapshot', async () => {
    const { books, guard } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '42.0', 'x-ratelimit-reset': '300' });
    await books.fetch({ url: SHELF });
    await books.fetch({ url: `${SHELF}?again` });
    expect(fake.requests).toHaveLength(2);
    expect(guard.snapshot()).toEqual([{ host: 'books.example.test', egress: 'direct', source: 'announced', remaining: 42 }]);
  });

  it("reads a family's Retry-After as its budget when it declares no reader, whatever the status", async () => {
    const { plain } = clientOn();
    fake.on(() => ({ status: 503, headers: { 'retry-after': '30' }, body: 'busy' }));
    expect((await failureOf(plain.fetch({ url: SHELF }))).code).toBe('upstream_blocked');
    const refusal = await failureOf(plain.fetch({ url: SHELF }));
    expect([refusal.code, refusal.retryAfter]).toEqual(['upstream_rate_limited', 30]);
    expect(fake.requests).toHaveLength(1);
  });

  it('leaves a Retry-After alone for a family whose reader reads other headers (its 429s are answered per request)', async () => {
    const { books } = clientOn();
    fake.on(() => ({ status: 429, headers: { 'retry-after': '30' }, body: { error: 429 } }));
    expect((await failureOf(books.fetch({ url: SHELF }))).retryAfter).toBe(30);
    await failureOf(books.fetch({ url: SHELF }));
    expect(fake.requests).toHaveLength(2);
  });

  it('turns a 403 or 429 whose own headers say "spent" into a rate limit until the reset, even where the family reads 403s itself', async () => {
    const { client } = clientOn();
    // A test family whose platform announces its reset in epoch seconds.
    const epochReader = (headers: Record<string, string>) =>
      headers['x-ratelimit-remaining'] === undefined
        ? null
        : { remaining: Number(headers['x-ratelimit-remaining']), resetAtMs: Number(headers['x-ratelimit-reset']) * 1000 };
    const api = client.forFamily({ family: 'epoch', hosts: HOSTS, readBudget: epochReader });
    const resetEpoch = String(Math.floor(clock.now / 1000) + 600);
    fake.on((_request, url) =>
      url.pathname === '/private'
        ? { status: 403, headers: { 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': resetEpoch }, body: { message: 'private' } }
        : undefined,
    );
    fake.on((_request, url) =>
      url.pathname === '/spent'
        ? {
            status: 403,
            headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetEpoch },
            body: { message: 'rate limit exceeded' },
          }
        : undefined,
    );
    // With budget left, the 403 is the family's to read.
    expect((await api.fetch({ url: 'https://books.example.test/private', passStatuses: [403] })).status).toBe(403);
    const spent = await failureOf(api.fetch({ url: 'https://books.example.test/spent', passStatuses: [403] }));
    expect(spent.code).toBe('upstream_rate_limited');
    expect(spent.retryAfter).toBeGreaterThanOrEqual(599);
    expect(spent.retryAfter).toBeLessThanOrEqual(600);
    expect(spent.details).toEqual({ upstreamStatus: 403, host: 'books.example.test' });
    const refused = await failureOf(api.fetch({ url: 'https://books.example.test/private', passStatuses: [403] }));
    expect(refused.details).toEqual({ host: 'books.example.test', budget: 'announced' });
    expect(fake.requests).toHaveLength(2);
  });

  it('counts budgets per egress: a spent direct address does not stop a proxied family', async () => {
    const store = new MemoryBudgetStore();
    const { books } = clientOn(store);
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    await books.fetch({ url: SHELF });
    expect(await store.get({ host: 'books.example.test', egress: 'direct' }, clock.now)).toMatchObject({ remaining: 0 });
    expect(await store.get({ host: 'books.example.test', egress: egressOf('http://127.0.0.1:9') }, clock.now)).toBeNull();
  });

  it('learns a spent host from another client on the same store, without a request of its own', async () => {
    const store = new MemoryBudgetStore();
    const first = clientOn(store);
    const second = clientOn(store);
    answerWith({ 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '60' });
    await second.books.fetch({ url: SHELF }); // the second knows the host, with budget left
    fake.reset();
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    await first.books.fetch({ url: SHELF });
    expect((await failureOf(second.books.fetch({ url: SHELF }))).code).toBe('upstream_rate_limited');
    expect(fake.requests).toHaveLength(1);
    // A client that never called the host reads what stands on first contact.
    const third = clientOn(store);
    expect((await failureOf(third.books.fetch({ url: SHELF }))).code).toBe('upstream_rate_limited');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not let a late answer of the same window lift a spent host', async () => {
    const { books } = clientOn();
    fake.on((_request, url) =>
      url.searchParams.has('slow')
        ? { headers: { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '61' }, body: {}, delayMs: 150 }
        : { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' }, body: {} },
    );
    const slow = books.fetch({ url: `${SHELF}?slow` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await books.fetch({ url: `${SHELF}?fast` });
    await slow;
    expect((await failureOf(books.fetch({ url: SHELF }))).code).toBe('upstream_rate_limited');
  });

  it('holds an operator ceiling: the limit passes, the rest is refused without a request until the window ends', async () => {
    const { plain, seen, guard } = clientOn(new MemoryBudgetStore(), new Map([['books.example.test', { limit: 3, windowMs: 60_000 }]]));
    answerWith({});
    for (let index = 0; index < 3; index += 1) await plain.fetch({ url: `${SHELF}?n=${index}` });
    const refusal = await failureOf(plain.fetch({ url: `${SHELF}?n=4` }));
    expect([refusal.code, refusal.details]).toEqual(['upstream_rate_limited', { host: 'books.example.test', budget: 'ceiling' }]);
    expect(refusal.retryAfter).toBeGreaterThanOrEqual(59);
    expect(refusal.retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requests).toHaveLength(3);
    expect(guard.snapshot()).toEqual([{ host: 'books.example.test', egress: 'direct', source: 'ceiling', remaining: 0 }]);
    // A host without a ceiling is not counted.
    await plain.fetch({ url: 'https://covers.example.test/x.jpg' });
    clock.now += 60_001;
    await plain.fetch({ url: `${SHELF}?n=5` });
    expect(fake.requests).toHaveLength(5);
    expect(seen.refusals).toEqual(['books.example.test ceiling']);
  });

  it('forgets what it knows when told to, here and in the store', async () => {
    const store = new MemoryBudgetStore();
    const { plain, guard } = clientOn(store);
    fake.on(() => ({ status: 429, headers: { 'retry-after': '120' }, body: {} }));
    await failureOf(plain.fetch({ url: SHELF }));
    expect((await failureOf(plain.fetch({ url: SHELF }))).details).toMatchObject({ budget: 'announced' });
    await guard.forget();
    fake.reset();
    answerWith({});
    expect((await plain.fetch({ url: SHELF })).status).toBe(200);
    expect(await store.get({ host: 'books.example.test', egress: 'direct' }, clock.now)).toBeNull();
  });

  it('counts callers that join a fetch in flight', async () => {
    const { books, seen } = clientOn();
    fake.on(() => ({ body: {}, delayMs: 50 }));
    await Promise.all(Array.from({ length: 5 }, () => books.fetch({ url: SHELF })));
    expect(fake.requests).toHaveLength(1);
    expect(seen.joins).toBe(4);
  });

  it('counts requests by outcome: redirects, failures and time-outs included', async () => {
    const { plain, seen } = clientOn();
    fake.on((_request, url) =>
      url.pathname === '/moved' ? { status: 301, headers: { location: 'https://books.example.test/here' } } : undefined,
    );
    fake.on((_request, url) => (url.pathname === '/here' ? { body: {} } : undefined));
    fake.on((_request, url) => (url.pathname === '/gone' ? { status: 403, body: '' } : undefined));
    await plain.fetch({ url: 'https://books.example.test/moved' });
    await failureOf(plain.fetch({ url: 'https://books.example.test/gone' }));
    expect(seen.requests).toEqual(['books.example.test redirect', 'books.example.test ok', 'books.example.test upstream_blocked']);
  });
});
