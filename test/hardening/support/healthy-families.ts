import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FamilyDefinition } from '../../../src/catalogue/family.js';
import { catalogue } from '../../support/registered-catalogue.js';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import type { Expected, Fault } from './faults.js';
import type { HealthyFamily, Scenario } from './healthy-family.js';

/**
 * The healthy upstream of every registered family, found by the family's name in its own test
 * folder (`test/families/<name>/healthy.ts`, exporting `healthy`). A family without the file has
 * no scenarios, so the fault matrix fails naming its endpoints; a file that does not export
 * `healthy` fails on load.
 */

export interface DiscoveredFamily {
  family: FamilyDefinition;
  healthy: HealthyFamily;
}

const healthyFileOf = (family: FamilyDefinition): URL => new URL(`../../families/${family.name}/healthy.ts`, import.meta.url);

async function discover(family: FamilyDefinition): Promise<DiscoveredFamily | null> {
  const file = healthyFileOf(family);
  if (!existsSync(file)) return null;
  const { healthy } = (await import(file.href)) as { healthy?: HealthyFamily };
  if (healthy === undefined) throw new Error(`${fileURLToPath(file)} does not export \`healthy\``);
  return { family, healthy };
}

const found = await Promise.all(catalogue.families.map(discover));

/** Every registered family that has a healthy upstream, in registry order. */
export const HEALTHY_FAMILIES: readonly DiscoveredFamily[] = found.filter((each) => each !== null);

/** Registered families without `test/families/<name>/healthy.ts`, as the file each lacks. */
export const MISSING_HEALTHY_FILES: readonly string[] = catalogue.families
  .filter((_family, index) => found[index] === null)
  .map((family) => fileURLToPath(healthyFileOf(family)));

/** Every discovered scenario, keyed by endpoint path. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = Object.fromEntries(
  HEALTHY_FAMILIES.flatMap(({ healthy }) => Object.entries(healthy.scenarios)),
);

/** Scenario paths that are not endpoints of the family declaring them (a typo, or another family's endpoint). */
export const STRAY_SCENARIOS: readonly string[] = HEALTHY_FAMILIES.flatMap(({ family, healthy }) =>
  Object.keys(healthy.scenarios)
    .filter((path) => !family.endpoints.some((endpoint) => endpoint.path === path))
    .map((path) => `${family.name}: ${path}`),
);

/** What a fault must answer on `endpoint`: its family's own expectation where it declares one, else the table's. */
export function expectedOn(endpoint: EndpointDefinition, fault: Fault): Expected {
  const family = HEALTHY_FAMILIES.find((each) => each.family.name === endpoint.family);
  return family?.healthy.faultExpectations?.[fault.name] ?? fault.expected;
}
