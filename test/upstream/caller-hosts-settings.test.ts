import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { createPipelineDeps } from '../../src/pipeline/deps.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { rateLimitResetAt, readRateLimitHeaders, spendOnThrottle, strictestBudget } from '../../src/upstream/budget/rate-limit-headers.js';
import { readRetryAfter } from '../../src/upstream/budget/read-budget.js';
import { CALLER_NAMED_LABEL, callerHostLabels, declaredHostsOf } from '../../src/upstream/caller-hosts/metric-labels.js';
import { callerHostPolicy } from '../../src/upstream/caller-hosts/policy.js';
import { bookshelfFamily, BOOKS_HOST } from '../families/bookshelf/family.js';
import { failureOf, stubResolver } from './caller-hosts-support.js';

/** The test family as one that also fetches hosts its callers name. */
const storesFamily = {
  ...bookshelfFamily,
  callerNamedHosts: {
    allowlistEnv: 'BOOKSHELF_INSTANCES',
    allowlistDetail: 'allowedInstances',
    hostBudgetEnv: 'BOOKSHELF_STORE_BUDGET',
    hostBudgetDefault: '60/60s',
    maxRedirects: 3,
  },
};
const configOf = (env: Record<string, string>) => loadConfig(env, [storesFamily]);

describe('settings of a family that fetches hosts its callers name', () => {
  it('adds its allowlist and per-host budget to the configuration, read by the caller-host rules', () => {
    const config = configOf({
      BOOKSHELF_INSTANCES: 'Social.Example.Org, town.example.net.,bücher.example.org',
      BOOKSHELF_STORE_BUDGET: '10/15m',
    });
    const policy = callerHostPolicy(storesFamily, config.settings);
    expect([...policy.allowlist!]).toEqual(['social.example.org', 'town.example.net', 'xn--bcher-kva.example.org']);
    expect(policy).toMatchObject({ allowlistDetail: 'allowedInstances', hostCeiling: { limit: 10, windowMs: 900_000 }, maxRedirects: 3 });
    expect(policy.declaredHosts.has(BOOKS_HOST)).toBe(true);
  });

  it('leaves the allowlist off when unset, and applies the default budget', () => {
    const policy = callerHostPolicy(storesFamily, configOf({}).settings);
    expect(policy.allowlist).toBeNull();
    expect(policy.hostCeiling).toEqual({ limit: 60, windowMs: 60_000 });
    expect(policy).toMatchObject({ allowHttp: false, anyPort: false });
  });

  it('stops start-up naming the variable on a bad entry', () => {
    for (const value of ['social.example.org,127.0.0.1', 'localhost', 'https://social.example.org/', 'a.example.com:8080'])
      expect(() => configOf({ BOOKSHELF_INSTANCES: value }), value).toThrow(/^Invalid BOOKSHELF_INSTANCES: entry /);
    expect(() => configOf({ BOOKSHELF_STORE_BUDGET: '60 per minute' })).toThrow(ConfigError);
    expect(() => configOf({ BOOKSHELF_STORE_BUDGET: '0/60s' })).toThrow(/^Invalid BOOKSHELF_STORE_BUDGET/);
  });

  it('accepts UPSTREAM_BUDGETS entries for any host once a family fetches hosts callers name', () => {
    expect(configOf({ UPSTREAM_BUDGETS: 'store.example.com=5/60s' }).UPSTREAM_BUDGETS.get('store.example.com')).toEqual({
      limit: 5,
      windowMs: 60_000,
    });
    expect(() => loadConfig({ UPSTREAM_BUDGETS: 'store.example.com=5/60s' }, [bookshelfFamily])).toThrow(/not a host any family fetches/);
  });
});

describe('rate-limit readers for hosts callers name', () => {
  const now = 1_700_000_000_000;

  it('reads a reset as an ISO timestamp, epoch seconds or seconds from now', () => {
    expect(rateLimitResetAt('2023-11-14T22:18:20.000Z', now)).toBe(Date.parse('2023-11-14T22:18:20.000Z'));
    expect(rateLimitResetAt('1700000300', now)).toBe(1_700_000_300_000);
    expect(rateLimitResetAt('42', now)).toBe(now + 42_000);
    for (const odd of [undefined, '', 'soon', '-5', 'Tue, 14 Nov 2023 22:18:20 GMT', '2023-11-14'])
      expect(rateLimitResetAt(odd, now)).toBeNull();
  });

  it('reads X-RateLimit-Remaining and -Reset, a default window when the reset is unreadable', () => {
    expect(readRateLimitHeaders({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + 30_000,
    });
    expect(readRateLimitHeaders({ 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': 'never' }, now)).toEqual({
      remaining: 12,
      resetAtMs: now + 300_000,
    });
    expect(readRateLimitHeaders({ 'x-ratelimit-remaining': 'lots' }, now)).toBeNull();
    expect(readRateLimitHeaders({}, now)).toBeNull();
  });

  it('spends a host on a bare 429, and keeps the strictest of several readers', () => {
    const read = strictestBudget(readRateLimitHeaders, readRetryAfter, spendOnThrottle(300));
    expect(read({}, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 300_000 });
    expect(read({ 'retry-after': '900' }, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 900_000 });
    expect(read({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '60' }, now, 200)).toEqual({ remaining: 5, resetAtMs: now + 60_000 });
    expect(read({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '60' }, now, 429)).toEqual({ remaining: 0, resetAtMs: now + 300_000 });
    // A reset already past (a cached answer) ends nothing and spends nothing.
    expect(read({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': new Date(now - 1000).toISOString() }, now, 200)).toBeNull();
    expect(spendOnThrottle(60)({}, now, 200)).toBeNull();
  });
});

describe('metrics of hosts callers name', () => {
  it('counts every host no family declares under one label', () => {
    const seen: string[] = [];
    const observer = callerHostLabels(
      { request: (host, outcome) => seen.push(`${host} ${outcome}`), refused: (host, budget) => seen.push(`${host} ${budget}`) },
      declaredHostsOf([bookshelfFamily]),
    );
    observer.request!(BOOKS_HOST, 'ok');
    observer.request!('store-a.example.com', 'ok');
    observer.refused!('store-b.example.com', 'ceiling');
    expect(seen).toEqual([`${BOOKS_HOST} ok`, `${CALLER_NAMED_LABEL} ok`, `${CALLER_NAMED_LABEL} ceiling`]);
  });
});

describe('a family declaring callerNamedHosts, as the pipeline builds its upstream', () => {
  it('fetches other hosts through the gate, with the allowlist of its settings and the resolver given', async () => {
    const catalogue = buildCatalogue([storesFamily]);
    const config = configOf({ BOOKSHELF_INSTANCES: 'private.example.net,public.example.net' });
    const state = createMemoryState({ cacheMaxBytes: 1_000_000, cacheRetentionSeconds: 60 });
    const resolveAll = stubResolver({ 'private.example.net': ['10.9.8.7'] });
    const pipeline = createPipelineDeps(config, catalogue, state, { timeoutMs: 2000, logError: () => {}, resolveAll });
    try {
      const upstream = pipeline.deps.upstreamFor(storesFamily.endpoints[0]!);
      const privateHost = await failureOf(upstream.fetch({ url: 'https://private.example.net/api', hostParam: 'instance' }));
      expect(privateHost.details).toMatchObject({ param: 'instance', reason: 'address_not_public' });
      const offList = await failureOf(upstream.fetch({ url: 'https://other.example.net/api', hostParam: 'instance' }));
      expect(offList.details).toMatchObject({
        param: 'instance',
        reason: 'not_allowed',
        allowedInstances: ['private.example.net', 'public.example.net'],
      });
      expect(resolveAll.calls).toEqual(['private.example.net']);
      // Its declared hosts are fetched as before: https only.
      expect((await failureOf(upstream.fetch({ url: `http://${BOOKS_HOST}/x` }))).code).toBe('invalid_request');
    } finally {
      await pipeline.close();
      await state.close();
    }
  });
});
