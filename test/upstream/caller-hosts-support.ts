import type { LookupAddress } from 'node:dns';
import { expect } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import type { ResolveAll } from '../../src/outbound/checked-lookup.js';
import type { BudgetStore } from '../../src/state/budget-store.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { BudgetGuard, type BudgetCeiling } from '../../src/upstream/budget/guard.js';
import { readRetryAfter } from '../../src/upstream/budget/read-budget.js';
import { readRateLimitHeaders, spendOnThrottle, strictestBudget } from '../../src/upstream/budget/rate-limit-headers.js';
import { CallerHostGate } from '../../src/upstream/caller-hosts/gate.js';
import type { CallerHostPolicy } from '../../src/upstream/caller-hosts/policy.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import type { Upstream } from '../../src/upstream/types.js';

/** Hosts the tests' UPSTREAM_ORIGINS send to the loopback fake: public-looking names, as callers would give. */
export const STORE_A = 'store-a.example.com';
export const STORE_B = 'store-b.example.com';

/** A resolver answering from a table, counting its calls; a name it lacks does not resolve. */
export function stubResolver(table: Record<string, string[]>): ResolveAll & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

export const policyOf = (overrides: Partial<CallerHostPolicy> = {}): CallerHostPolicy => ({
  family: 'stores',
  declaredHosts: new Set(),
  allowlist: null,
  allowlistDetail: 'allowedHosts',
  hostCeiling: null,
  maxRedirects: 3,
  allowHttp: false,
  anyPort: false,
  ...overrides,
});

/** A family reader for hosts callers name: the common rate-limit headers, a Retry-After, and 60 s for a bare 429. */
export const readStoreBudget = strictestBudget(readRateLimitHeaders, readRetryAfter, spendOnThrottle(60));

export interface GatedClient {
  upstream: Upstream;
  guard: BudgetGuard;
  close(): Promise<void>;
}

/** One process's view: an upstream client whose family fetches hosts callers name, on a budget store (shared when given). */
export function gatedClient(options: {
  origins: ReadonlyMap<string, URL>;
  resolveAll: ResolveAll;
  policy?: Partial<CallerHostPolicy>;
  store?: BudgetStore;
  ceilings?: ReadonlyMap<string, BudgetCeiling>;
}): GatedClient {
  const guard = new BudgetGuard({ store: options.store ?? new MemoryBudgetStore(), ceilings: options.ceilings });
  const client = new UpstreamClient({ origins: options.origins, timeoutMs: 5000, budgets: guard });
  const gate = new CallerHostGate(policyOf(options.policy), { origins: options.origins, resolveAll: options.resolveAll });
  const upstream = client.forFamily({ family: 'stores', hosts: [], readBudget: readStoreBudget, callerHosts: gate });
  return {
    upstream,
    guard,
    async close() {
      await client.close();
      await gate.close();
      await guard.close();
    },
  };
}

export async function failureOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}
