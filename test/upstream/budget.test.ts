import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { GatewayError } from '../../src/errors.js';
import { readHostBudget } from '../../src/families/code/upstream/rate-budget.js';
import { readRedditBudget } from '../../src/families/forum/upstream/budget.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { BudgetGuard, isBudgetRefusal, type BudgetCeiling } from '../../src/upstream/budget/guard.js';
import { egressOf } from '../../src/upstream/budget/egress.js';
import { boundedBudget, readRetryAfter } from '../../src/upstream/budget/read-budget.js';
import { MAX_RETRY_AFTER_SECONDS } from '../../src/upstream/classify.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import type { UpstreamObserver } from '../../src/upstream/observer.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';

const HOSTS = ['www.reddit.com', 'v.redd.it'];
const LISTING = 'https://www.reddit.com/r/x/hot.json';

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

  it("reads Reddit's remaining (a decimal) and its reset as seconds from now", () => {
    expect(readRedditBudget({ 'x-ratelimit-remaining': '597.0', 'x-ratelimit-used': '3', 'x-ratelimit-reset': '128' }, now)).toEqual({
      remaining: 597,
      resetAtMs: now + 128_000,
    });
    expect(readRedditBudget({ 'x-ratelimit-remaining': '0.4', 'x-ratelimit-reset': '20' }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + 20_000,
    });
    expect(readRedditBudget({ 'x-ratelimit-remaining': '10' }, now)).toBeNull();
    expect(readRedditBudget({ 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '20' }, now)).toBeNull();
    expect(readRedditBudget({ 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '20' }, now)).toBeNull();
    expect(readRedditBudget({ 'retry-after': '20' }, now)).toBeNull();
  });

  it("reads GitHub's core budget (reset in epoch seconds) and a retry-after, never the search budget", () => {
    const reset = String(Math.floor(now / 1000) + 1800);
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'core' }, now)).toEqual({
      remaining: 0,
      resetAtMs: Number(reset) * 1000,
    });
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'search' }, now)).toBeNull();
    // A secondary limit: budget left, but a retry-after stops every call.
    expect(readHostBudget({ 'x-ratelimit-remaining': '40', 'x-ratelimit-reset': reset, 'retry-after': '60' }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + 60_000,
    });
    // Both spent: whichever holds the host back longer.
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'retry-after': '60' }, now)).toEqual({
      remaining: 0,
      resetAtMs: Number(reset) * 1000,
    });
  });

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
    const config = loadConfig({ UPSTREAM_BUDGETS: 'www.redfin.com=120/60s, www.redfin.ca=1000/1h,V.REDD.IT=5/2m' });
    expect([...config.UPSTREAM_BUDGETS]).toEqual([
      ['www.redfin.com', { limit: 120, windowMs: 60_000 }],
      ['www.redfin.ca', { limit: 1000, windowMs: 3_600_000 }],
      ['v.redd.it', { limit: 5, windowMs: 120_000 }],
    ]);
    expect(loadConfig({}).UPSTREAM_BUDGETS.size).toBe(0);
  });

  it('refuses a ceiling on a host no family fetches', () => {
    expect(() => loadConfig({ UPSTREAM_BUDGETS: 'www.redfn.com=120/60s' })).toThrow(
      /^Invalid UPSTREAM_BUDGETS: www\.redfn\.com is not a host any family fetches$/,
    );
  });

  it.each([
    'www.redfin.com=120',
    'www.redfin.com=0/60s',
    'www.redfin.com=120/0s',
    'www.redfin.com=ten/60s',
    '=1/1s',
    'a=1/1s,a=2/1s',
    'www.redfin.com=120/60d',
  ])('stops start-up on %s with one line naming the variable', (value) => {
    expect(() => loadConfig({ UPSTREAM_BUDGETS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSTREAM_BUDGETS: value })).toThrow(/^Invalid UPSTREAM_BUDGETS: [^\n]+$/);
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
    const forum = client.forFamily({ family: 'forum', hosts: HOSTS, readBudget: readRedditBudget });
    const plain = client.forFamily({ family: 'plain', hosts: HOSTS });
    return { client, guard, forum, plain, seen, store };
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
    const { forum, seen } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '0.0', 'x-ratelimit-used': '100', 'x-ratelimit-reset': '20' });
    // The answer that says "spent" is itself a good answer.
    expect((await forum.fetch({ url: LISTING })).status).toBe(200);

    clock.now += 500;
    const refusals = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) => failureOf(forum.fetch({ url: `${LISTING}?n=${index}` }))),
    );
    expect(fake.requests).toHaveLength(1);
    for (const refusal of refusals) {
      expect(refusal.code).toBe('upstream_rate_limited');
      expect(refusal.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refusal.retryAfter).toBeLessThanOrEqual(20);
      expect(refusal.details).toEqual({ host: 'www.reddit.com', budget: 'announced' });
      expect(isBudgetRefusal(refusal)).toBe(true);
    }
    // The other host of the family has a budget of its own.
    expect((await forum.fetch({ url: 'https://v.redd.it/abc/DASHPlaylist.mpd' })).status).toBe(200);

    clock.now += 20_000;
    expect((await forum.fetch({ url: LISTING })).status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    expect(seen.refusals).toEqual(Array.from({ length: 10 }, () => 'www.reddit.com announced'));
    expect(seen.requests).toEqual(['www.reddit.com ok', 'v.redd.it ok', 'www.reddit.com ok']);
  });

  it('tells the caller 1 second at least, never 0, when the reset is a moment away', async () => {
    const { forum } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' });
    await forum.fetch({ url: LISTING });
    clock.now += 990;
    expect((await failureOf(forum.fetch({ url: LISTING }))).retryAfter).toBe(1);
  });

  it('keeps calling while budget remains, and shows it in the snapshot', async () => {
    const { forum, guard } = clientOn();
    answerWith({ 'x-ratelimit-remaining': '42.0', 'x-ratelimit-reset': '300' });
    await forum.fetch({ url: LISTING });
    await forum.fetch({ url: `${LISTING}?again` });
    expect(fake.requests).toHaveLength(2);
    expect(guard.snapshot()).toEqual([{ host: 'www.reddit.com', egress: 'direct', source: 'announced', remaining: 42 }]);
  });

  it("reads a family's Retry-After as its budget when it declares no reader, whatever the status", async () => {
    const { plain } = clientOn();
    fake.on(() => ({ status: 503, headers: { 'retry-after': '30' }, body: 'busy' }));
    expect((await failureOf(plain.fetch({ url: LISTING }))).code).toBe('upstream_blocked');
    const refusal = await failureOf(plain.fetch({ url: LISTING }));
    expect([refusal.code, refusal.retryAfter]).toEqual(['upstream_rate_limited', 30]);
    expect(fake.requests).toHaveLength(1);
  });

  it("leaves a Retry-After alone for a family whose reader reads other headers (Reddit's 429s fall back per request)", async () => {
    const { forum } = clientOn();
    fake.on(() => ({ status: 429, headers: { 'retry-after': '30' }, body: { error: 429 } }));
    expect((await failureOf(forum.fetch({ url: LISTING }))).retryAfter).toBe(30);
    await failureOf(forum.fetch({ url: LISTING }));
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
    expect((await api.fetch({ url: 'https://www.reddit.com/private', passStatuses: [403] })).status).toBe(403);
    const spent = await failureOf(api.fetch({ url: 'https://www.reddit.com/spent', passStatuses: [403] }));
    expect(spent.code).toBe('upstream_rate_limited');
    expect(spent.retryAfter).toBeGreaterThanOrEqual(599);
    expect(spent.retryAfter).toBeLessThanOrEqual(600);
    expect(spent.details).toEqual({ upstreamStatus: 403, host: 'www.reddit.com' });
    const refused = await failureOf(api.fetch({ url: 'https://www.reddit.com/private', passStatuses: [403] }));
    expect(refused.details).toEqual({ host: 'www.reddit.com', budget: 'announced' });
    expect(fake.requests).toHaveLength(2);
  });

  it('counts budgets per egress: a spent direct address does not stop a proxied family', async () => {
    const store = new MemoryBudgetStore();
    const { forum } = clientOn(store);
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    await forum.fetch({ url: LISTING });
    expect(await store.get({ host: 'www.reddit.com', egress: 'direct' }, clock.now)).toMatchObject({ remaining: 0 });
    expect(await store.get({ host: 'www.reddit.com', egress: egressOf('http://127.0.0.1:9') }, clock.now)).toBeNull();
  });

  it('learns a spent host from another client on the same store, without a request of its own', async () => {
    const store = new MemoryBudgetStore();
    const first = clientOn(store);
    const second = clientOn(store);
    answerWith({ 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '60' });
    await second.forum.fetch({ url: LISTING }); // the second knows the host, with budget left
    fake.reset();
    answerWith({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    await first.forum.fetch({ url: LISTING });
    expect((await failureOf(second.forum.fetch({ url: LISTING }))).code).toBe('upstream_rate_limited');
    expect(fake.requests).toHaveLength(1);
    // A client that never called the host reads what stands on first contact.
    const third = clientOn(store);
    expect((await failureOf(third.forum.fetch({ url: LISTING }))).code).toBe('upstream_rate_limited');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not let a late answer of the same window lift a spent host', async () => {
    const { forum } = clientOn();
    fake.on((_request, url) =>
      url.searchParams.has('slow')
        ? { headers: { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '61' }, body: {}, delayMs: 150 }
        : { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' }, body: {} },
    );
    const slow = forum.fetch({ url: `${LISTING}?slow` });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await forum.fetch({ url: `${LISTING}?fast` });
    await slow;
    expect((await failureOf(forum.fetch({ url: LISTING }))).code).toBe('upstream_rate_limited');
  });

  it('holds an operator ceiling: the limit passes, the rest is refused without a request until the window ends', async () => {
    const { plain, seen, guard } = clientOn(new MemoryBudgetStore(), new Map([['www.reddit.com', { limit: 3, windowMs: 60_000 }]]));
    answerWith({});
    for (let index = 0; index < 3; index += 1) await plain.fetch({ url: `${LISTING}?n=${index}` });
    const refusal = await failureOf(plain.fetch({ url: `${LISTING}?n=4` }));
    expect([refusal.code, refusal.details]).toEqual(['upstream_rate_limited', { host: 'www.reddit.com', budget: 'ceiling' }]);
    expect(refusal.retryAfter).toBeGreaterThanOrEqual(59);
    expect(refusal.retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requests).toHaveLength(3);
    expect(guard.snapshot()).toEqual([{ host: 'www.reddit.com', egress: 'direct', source: 'ceiling', remaining: 0 }]);
    // A host without a ceiling is not counted.
    await plain.fetch({ url: 'https://v.redd.it/x' });
    clock.now += 60_001;
    await plain.fetch({ url: `${LISTING}?n=5` });
    expect(fake.requests).toHaveLength(5);
    expect(seen.refusals).toEqual(['www.reddit.com ceiling']);
  });

  it('forgets what it knows when told to, here and in the store', async () => {
    const store = new MemoryBudgetStore();
    const { plain, guard } = clientOn(store);
    fake.on(() => ({ status: 429, headers: { 'retry-after': '120' }, body: {} }));
    await failureOf(plain.fetch({ url: LISTING }));
    expect((await failureOf(plain.fetch({ url: LISTING }))).details).toMatchObject({ budget: 'announced' });
    await guard.forget();
    fake.reset();
    answerWith({});
    expect((await plain.fetch({ url: LISTING })).status).toBe(200);
    expect(await store.get({ host: 'www.reddit.com', egress: 'direct' }, clock.now)).toBeNull();
  });

  it('counts callers that join a fetch in flight', async () => {
    const { forum, seen } = clientOn();
    fake.on(() => ({ body: {}, delayMs: 50 }));
    await Promise.all(Array.from({ length: 5 }, () => forum.fetch({ url: LISTING })));
    expect(fake.requests).toHaveLength(1);
    expect(seen.joins).toBe(4);
  });

  it('counts requests by outcome: redirects, failures and time-outs included', async () => {
    const { plain, seen } = clientOn();
    fake.on((_request, url) =>
      url.pathname === '/moved' ? { status: 301, headers: { location: 'https://www.reddit.com/here' } } : undefined,
    );
    fake.on((_request, url) => (url.pathname === '/here' ? { body: {} } : undefined));
    fake.on((_request, url) => (url.pathname === '/gone' ? { status: 403, body: '' } : undefined));
    await plain.fetch({ url: 'https://www.reddit.com/moved' });
    await failureOf(plain.fetch({ url: 'https://www.reddit.com/gone' }));
    expect(seen.requests).toEqual(['www.reddit.com redirect', 'www.reddit.com ok', 'www.reddit.com upstream_blocked']);
  });
});
