import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { createBudgetStore, budgetKeyOf, budgetTargetOf, type BudgetStore } from '../../src/state/budget-store.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { BudgetGuard } from '../../src/upstream/budget/guard.js';
import type { AnswerBudgetReader, ScopedBudget } from '../../src/upstream/budget/read-budget.js';
import { REDIS_URL, redisStates } from '../state/redis-support.js';

const HOST = 'api.example.test';
const TARGET = { host: HOST, egress: 'direct' };
const LIST = 'method:/items';
const ITEM = 'method:/items/{id}';
const QUOTA = 'quota:anonymous';

/** A platform that announces, in every JSON body, its daily quota and a per-method back-off. */
const readBodyBudget: AnswerBudgetReader = (_headers, nowMs, _status, answer) => {
  if (!answer) return null;
  const body = JSON.parse(answer.body) as { quota_remaining?: number; backoff?: number };
  const method = new URL(answer.url).pathname.split('/').length > 2 ? ITEM : LIST;
  const budgets: ScopedBudget[] = [];
  if (typeof body.quota_remaining === 'number') budgets.push({ scope: QUOTA, remaining: body.quota_remaining, resetAtMs: nowMs + 600_000 });
  if (typeof body.backoff === 'number') budgets.push({ scope: method, remaining: 0, resetAtMs: nowMs + body.backoff * 1000 });
  return budgets;
};

async function refusalOf(admitting: Promise<unknown>): Promise<GatewayError> {
  const error = await admitting.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const answer = (body: object, url = `https://${HOST}/items`) => ({ status: 200, headers: {}, body: JSON.stringify(body), url });

function guardsOn(store: BudgetStore, clock: { now: number }) {
  return new BudgetGuard({ store, now: () => clock.now, refreshMs: 0 });
}

describe('budget keys', () => {
  it('keep the host and egress, and a scope when there is one, through a round trip', () => {
    expect(budgetKeyOf(TARGET)).toBe(`${HOST}|direct`);
    expect(budgetKeyOf({ ...TARGET, scope: ITEM })).toBe(`${HOST}|direct|${ITEM}`);
    expect(budgetTargetOf(budgetKeyOf({ ...TARGET, scope: 'a|b' }))).toEqual({ ...TARGET, scope: 'a|b' });
    expect(budgetTargetOf(budgetKeyOf(TARGET))).toEqual(TARGET);
  });
});

describe('budgets read from the body, by scope', () => {
  const guards: BudgetGuard[] = [];
  afterEach(async () => {
    for (const guard of guards.splice(0)) await guard.close();
  });
  const clock = { now: 1_800_000_000_000 };

  function guard(store: BudgetStore = new MemoryBudgetStore()): BudgetGuard {
    const made = guardsOn(store, clock);
    guards.push(made);
    return made;
  }

  it('spends one method on a back-off while the host and its other methods still go', async () => {
    const budgets = guard();
    await budgets.admit(TARGET, { scopes: [LIST, QUOTA] });
    // The answer that asks for a back-off is itself served: observing it never throws.
    expect(await budgets.observe(TARGET, answer({ items: [], quota_remaining: 250, backoff: 10 }), readBodyBudget)).toBeNull();

    const refusal = await refusalOf(budgets.admit(TARGET, { scopes: [LIST, QUOTA] }));
    expect(refusal.code).toBe('upstream_rate_limited');
    expect(refusal.retryAfter).toBe(10);
    expect(refusal.details).toEqual({ host: HOST, budget: 'announced', scope: LIST });
    expect(refusal.message).toContain(LIST);

    await expect(budgets.admit(TARGET, { scopes: [ITEM, QUOTA] })).resolves.toBeUndefined();
    await expect(budgets.admit(TARGET)).resolves.toBeUndefined();
    clock.now += 10_001;
    await expect(budgets.admit(TARGET, { scopes: [LIST, QUOTA] })).resolves.toBeUndefined();
  });

  it('spends every method that names a spent quota, and tells the longest wait when several are spent', async () => {
    const budgets = guard();
    await budgets.observe(TARGET, answer({ items: [], backoff: 5 }), readBodyBudget);
    await budgets.observe(TARGET, answer({ items: [], quota_remaining: 0 }, `https://${HOST}/items/7`), readBodyBudget);
    const refusal = await refusalOf(budgets.admit(TARGET, { scopes: [LIST, QUOTA] }));
    expect(refusal.retryAfter).toBe(600);
    expect(refusal.details).toMatchObject({ scope: QUOTA });
    expect((await refusalOf(budgets.admit(TARGET, { scopes: [ITEM, QUOTA] }))).details).toMatchObject({ scope: QUOTA });
    // A request that does not spend the quota's scope is not held back by it.
    await expect(budgets.admit(TARGET, { scopes: ['quota:some-key'] })).resolves.toBeUndefined();
    expect(budgets.snapshot()).toEqual(
      expect.arrayContaining([
        { ...TARGET, scope: QUOTA, source: 'announced', remaining: 0 },
        { ...TARGET, scope: LIST, source: 'announced', remaining: 0 },
      ]),
    );
  });

  it('reads a budget of the whole host from a body, and treats a reader that throws on an odd body as silent', async () => {
    const budgets = guard();
    const hostReader: AnswerBudgetReader = (_headers, nowMs, _status, read) =>
      read?.body.includes('"throttled"') ? { remaining: 0, resetAtMs: nowMs + 30_000 } : null;
    const standing = await budgets.observe(TARGET, { status: 400, headers: {}, body: '{"throttled":true}' }, hostReader);
    expect(standing).toEqual({ remaining: 0, resetAtMs: clock.now + 30_000 });
    expect((await refusalOf(budgets.admit(TARGET, { scopes: [LIST] }))).details).toEqual({ host: HOST, budget: 'announced' });

    const other = guard();
    expect(await other.observe(TARGET, answer({}, 'not a url'), readBodyBudget)).toBeNull();
    expect(await other.observe(TARGET, { status: 200, headers: {}, body: '<html>' }, readBodyBudget)).toBeNull();
    await expect(other.admit(TARGET, { scopes: [LIST] })).resolves.toBeUndefined();
  });

  it('shares a spent scope with another guard on the same store, which then sends nothing for that method', async () => {
    const store = new MemoryBudgetStore();
    const first = guard(store);
    const second = guard(store);
    await second.admit(TARGET, { scopes: [ITEM] });
    await first.observe(TARGET, answer({ items: [], backoff: 20 }, `https://${HOST}/items/3`), readBodyBudget);
    const refusal = await refusalOf(second.admit(TARGET, { scopes: [ITEM] }));
    expect(refusal.details).toMatchObject({ scope: ITEM });
    await expect(second.admit(TARGET, { scopes: [LIST] })).resolves.toBeUndefined();
  });
});

describe.skipIf(!REDIS_URL)('scoped budgets across two processes on Redis', () => {
  const states = redisStates();
  const guards: BudgetGuard[] = [];
  afterAll(async () => {
    for (const guard of guards) await guard.close();
    await states.cleanup();
  });

  it('holds a back-off and a spent quota in a second state instance that never saw the answers', async () => {
    const prefix = `test:budget-scopes:${Date.now()}:${Math.random()}:`;
    const [one, two] = [await states.create({ prefix }), await states.create({ prefix })];
    const clock = { now: Date.now() };
    const first = guardsOn(createBudgetStore(one), clock);
    const second = guardsOn(createBudgetStore(two), clock);
    guards.push(first, second);

    await first.observe(TARGET, answer({ items: [], backoff: 30 }), readBodyBudget);
    const backoff = await refusalOf(second.admit(TARGET, { scopes: [LIST, QUOTA] }));
    expect(backoff.details).toEqual({ host: HOST, budget: 'announced', scope: LIST });
    expect(backoff.retryAfter).toBeGreaterThan(25);
    await expect(second.admit(TARGET, { scopes: [ITEM, QUOTA] })).resolves.toBeUndefined();

    await first.observe(TARGET, answer({ items: [], quota_remaining: -3 }, `https://${HOST}/items/1`), readBodyBudget);
    await expect
      .poll(async () => (await refusalOf(second.admit(TARGET, { scopes: [ITEM, QUOTA] }))).details?.scope, { timeout: 10_000 })
      .toBe(QUOTA);
  });
});
