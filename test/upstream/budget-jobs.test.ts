import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { processTarget } from '../../src/jobs/process-target.js';
import { validateRequest } from '../../src/pipeline/params.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { BudgetGuard } from '../../src/upstream/budget/guard.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { queuedJob } from '../support/job-service.js';
import { BOOKS_HOST, booksOnShelf, booksRoutes, readCatalogueBudget } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-harness.js';

const shelf = catalogue.byPath.get('/v1/bookshelf/shelf')!;

/**
 * A job target whose host is known to be spent waits for the reset (no request, nothing held)
 * and then runs, instead of failing: the wait does not use up its upstream retries. The clock is
 * the test's: each sleep moves it, so nothing here waits for real.
 */
describe('job targets and a spent host', () => {
  const fake = new FakeUpstream();
  const clock = { now: Date.now() };
  let client: UpstreamClient;
  let guard: BudgetGuard;

  beforeAll(async () => {
    const origin = new URL(await fake.start());
    guard = new BudgetGuard({ store: new MemoryBudgetStore(), now: () => clock.now });
    client = new UpstreamClient({ origins: new Map([[BOOKS_HOST, origin]]), timeoutMs: 2000, budgets: guard });
  });
  afterAll(async () => {
    await client.close();
    await guard.close();
    await fake.stop();
  });

  it('waits until the reset named by the refusal, then fetches once and charges once', async () => {
    let spent = true;
    const headers = () => ({ 'x-ratelimit-remaining': spent ? '0' : '80', 'x-ratelimit-reset': '45' });
    for (const route of booksRoutes(booksOnShelf('waiting', 2), { headers })) fake.on(route);
    const upstream = client.forFamily({ family: 'bookshelf', hosts: [BOOKS_HOST], readBudget: readCatalogueBudget });
    // An earlier answer spent the budget for 45 seconds.
    await upstream.fetch({ url: 'https://books.example.test/shelves/waiting.json' });
    spent = false;
    const requestsBefore = fake.requests.length;

    const state = createMemoryState({ cacheMaxBytes: 1_000_000, cacheRetentionSeconds: 60 });
    const account = await state.keys.seed('sk_test_budget_job_1', 10, null);
    const store = new MemoryJobStore({ retentionSeconds: 60 });
    const job = queuedJob({ id: 'job_budget', accountId: account.id });
    await store.create(job, [{ input: { shelf: 'waiting' }, request: validateRequest(shelf, { shelf: 'waiting' }) }], null);
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock.now += ms;
    };
    // No upstream retries at all: only the budget wait may let this target succeed.
    const deps = {
      pipeline: { catalogue, state, upstreamFor: () => upstream, logError: () => {} },
      store,
      catalogue,
      sleep,
      maxRetries: 0,
    };
    await processTarget(deps, { jobId: 'job_budget', index: 0 });

    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(44_000);
    expect(waits[0]).toBeLessThanOrEqual(45_000);
    expect(await store.get('job_budget')).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    expect((await state.ledger.usage(account.id, null)).balance).toBe(9);
    expect(fake.requests.length).toBe(requestsBefore + 1);
  });
});
