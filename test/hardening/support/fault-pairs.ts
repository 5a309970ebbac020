import { expect } from 'vitest';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { Expected, Fault } from './faults.js';
import { balance, get, restPath, type HardeningGateway, type Where } from './hardening-gateway.js';
import type { Scenario } from './healthy-family.js';
import { expectedOn, SCENARIOS } from './healthy-families.js';
import { faultProblems, paidProblems } from './outcome-checks.js';

/**
 * A fault pair: one endpoint asked for a resource of its own under one fault. Shared by the
 * fault matrix and the families' own fault rows (their secondary surfaces and fallbacks).
 */
export interface Pair {
  label: string;
  path: string;
  /** What a healthy live answer costs: the endpoint's price. */
  credits: number;
  /** The fault's answer on this endpoint when its family's contract says otherwise than the table. */
  expected?: Expected;
}

const LONG_CACHE = '7d';
let variant = 0;

/** A number no pair of this process has used, to name a resource of its own. */
export const nextVariant = (): number => (variant += 1);

/** A long cache_max_age where the endpoint is cacheable (elsewhere it is refused). */
export const longCache = (endpoint: EndpointDefinition): Record<string, string> =>
  endpoint.flags.cacheable ? { cache_max_age: LONG_CACHE } : {};

/** A fresh resource of `endpoint` (its healthy scenario unless `scenario` says otherwise), asked with a long cache_max_age. */
export function pairFor(endpoint: EndpointDefinition, fault: string | Fault, scenario: Scenario = SCENARIOS[endpoint.path]!): Pair {
  return {
    label: `${endpoint.path} x ${typeof fault === 'string' ? fault : fault.name}`,
    path: restPath(endpoint.path, { ...scenario(nextVariant()), ...longCache(endpoint) }),
    credits: endpoint.flags.creditCost,
    ...(typeof fault === 'string' ? {} : { expected: expectedOn(endpoint, fault) }),
  };
}

/**
 * Runs the pairs at once under the fault, checks the error and the ledger, lifts the fault,
 * and checks each resource is then fetched live and paid: a failure was never cached.
 */
export async function runPairs(
  gateway: HardeningGateway,
  pairs: readonly Pair[],
  reply: Fault['reply'],
  where: Where,
  expected: Expected,
): Promise<void> {
  const before = await balance(gateway);
  gateway.setFault(reply, where);
  const faulted = await Promise.all(pairs.map((pair) => get(gateway, pair.path)));
  await gateway.clearFault();
  expect(faulted.flatMap((response, index) => faultProblems(pairs[index]!.label, response, pairs[index]!.expected ?? expected))).toEqual(
    [],
  );
  expect(await balance(gateway), 'the ledger moved on failed requests').toBe(before);

  const healthy = await Promise.all(pairs.map((pair) => get(gateway, pair.path)));
  expect(
    healthy.flatMap((response, index) => paidProblems(`${pairs[index]!.label}, then healthy`, response, pairs[index]!.credits)),
  ).toEqual([]);
  expect(await balance(gateway)).toBe(before - pairs.reduce((sum, pair) => sum + pair.credits, 0));
}
