import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../support/registered-catalogue.js';
import { longCache, nextVariant, pairFor, runPairs } from './support/fault-pairs.js';
import { faultNamed, FAULTS, FOREIGN_HOST, GRAPHQL_SAMPLE } from './support/faults.js';
import { graphqlCall, type GraphqlCall } from './support/graphql-calls.js';
import { balance, HARDENING_KEY, startHardeningGateway, type HardeningGateway } from './support/hardening-gateway.js';
import { expectedOn, MISSING_HEALTHY_FILES, SCENARIOS, STRAY_SCENARIOS } from './support/healthy-families.js';

/**
 * Issue 8 item 1: every endpoint of the catalogue against every upstream fault. For each
 * pair: the spec's code, 0 credits (ledger, meta, header), nothing cached, and the next
 * healthy request for the same resource (with a long cache_max_age) is a live, paid success.
 * Each family's healthy upstream and scenarios come from `test/families/<name>/healthy.ts`; a
 * fault hits the family's fault target (every request to its hosts or its provider unless the
 * family narrows it, to the first and meaningful request, say). Extra row: a GraphQL sample.
 * Rows about one family's own behaviour under faults (a secondary surface, a fallback) are
 * tests in that family's folder.
 */

describe('fault matrix', () => {
  let gateway: HardeningGateway;
  const counts = { matrix: 0, graphql: 0 };

  beforeAll(async () => {
    gateway = await startHardeningGateway();
  });
  afterAll(async () => {
    // eslint-disable-next-line no-console -- issue 8 asks each suite to print its count of cases
    console.log(
      `fault matrix: ${catalogue.endpoints.length} endpoints x ${FAULTS.length} faults = ${counts.matrix} pairs (+ ${counts.graphql} GraphQL pairs)`,
    );
    await gateway?.close();
  });

  it('has a healthy scenario for every endpoint of the catalogue', () => {
    expect(MISSING_HEALTHY_FILES, 'registered families without a healthy upstream').toEqual([]);
    expect(catalogue.endpoints.filter((endpoint) => SCENARIOS[endpoint.path] === undefined).map((endpoint) => endpoint.path)).toEqual([]);
    expect(STRAY_SCENARIOS, "scenarios for paths that are not the family's endpoints").toEqual([]);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s on every endpoint: the spec code, 0 credits, nothing cached, then a healthy success',
    async (_name, fault) => {
      const pairs = catalogue.endpoints.map((endpoint) => pairFor(endpoint, fault));
      await runPairs(gateway, pairs, fault.reply, gateway.faultTargets, fault.expected);
      counts.matrix += pairs.length;
    },
  );

  it.each(GRAPHQL_SAMPLE)(
    'GraphQL: %s on every root field: the code, its HTTP status, 0 credits, then a healthy live result',
    async (name) => {
      const fault = faultNamed(name);
      const calls: GraphqlCall[] = catalogue.endpoints.map((endpoint) =>
        graphqlCall(endpoint, { ...SCENARIOS[endpoint.path]!(nextVariant()), ...longCache(endpoint) }),
      );
      const before = await balance(gateway);
      gateway.setFault(fault.reply, gateway.faultTargets);
      const faulted = await Promise.all(calls.map((call) => gateway.harness.graphql(call.query, call.variables, HARDENING_KEY)));
      await gateway.clearFault();
      const problems = faulted.flatMap((response, index) => {
        const { field } = calls[index]!;
        const expected = expectedOn(catalogue.endpoints[index]!, fault);
        const error = response.body.errors?.[0];
        const found = [];
        if (response.status >= 500 && response.status !== expected.status) found.push(`${field}: HTTP ${response.status}`);
        if (response.body.data?.[field] !== null && response.body.data !== null)
          found.push(`${field}: data ${JSON.stringify(response.body.data)}`);
        if (error?.extensions?.code !== expected.code || error?.extensions?.http?.status !== expected.status)
          found.push(`${field}: ${JSON.stringify(response.body.errors)}`);
        if (response.body.extensions?.billing?.creditsCharged !== 0)
          found.push(`${field}: billing ${JSON.stringify(response.body.extensions?.billing)}`);
        return found;
      });
      expect(problems).toEqual([]);
      expect(await balance(gateway)).toBe(before);

      const healthy = await Promise.all(calls.map((call) => gateway.harness.graphql(call.query, call.variables, HARDENING_KEY)));
      const healthyProblems = healthy.flatMap((response, index) => {
        const { field } = calls[index]!;
        const billing = response.body.extensions?.billing;
        return response.body.errors === undefined &&
          response.body.data?.[field] &&
          billing?.creditsCharged === catalogue.endpoints[index]!.flags.creditCost &&
          billing?.liveFetches === 1 &&
          billing?.cacheHits === 0
          ? []
          : [`${field}, then healthy: ${JSON.stringify(response.body).slice(0, 300)}`];
      });
      expect(healthyProblems).toEqual([]);
      expect(await balance(gateway)).toBe(before - catalogue.endpoints.reduce((sum, endpoint) => sum + endpoint.flags.creditCost, 0));
      counts.graphql += calls.length;
    },
  );

  it('never asked the fake upstream for an undeclared host, nor followed the off-host redirect', () => {
    expect(gateway.undeclaredHosts()).toEqual([]);
    expect(gateway.requests().some((request) => request.url.includes(FOREIGN_HOST))).toBe(false);
  });
});
