import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import { faultNamed, FAULTS, FOREIGN_HOST, GRAPHQL_SAMPLE, type Expected, type Fault } from './support/faults.js';
import { graphqlCall, type GraphqlCall } from './support/graphql-calls.js';
import {
  balance,
  get,
  HARDENING_KEY,
  restPath,
  startHardeningGateway,
  type HardeningGateway,
  type Where,
} from './support/hardening-gateway.js';
import { isProviderRequest, isRedfinPage, SALE_SECONDARY_PATH, SCENARIOS, ZIP_SECONDARY_PATH } from './support/healthy-upstream.js';
import { faultProblems, paidProblems } from './support/outcome-checks.js';

/**
 * Issue 8 item 1: every endpoint of the catalogue against every upstream fault. For each
 * pair: the spec's code, 0 credits (ledger, meta, header), nothing cached, and the next
 * healthy request for the same resource (with a long cache_max_age) is a live, paid success.
 * Forum faults hit every surface of the endpoint (JSON, Atom feed, community page, v.redd.it);
 * realty faults hit the page, the first and meaningful request; inference faults hit the
 * provider (INFERENCE_URL), its only request, with the same expected codes. Extra rows: realty
 * secondary surfaces under a healthy page, the forum fallbacks, and a GraphQL sample.
 */

const LONG_CACHE = '7d';
let variant = 0;

interface Pair {
  label: string;
  path: string;
}

const longCache = (endpoint: EndpointDefinition): Record<string, string> => (endpoint.flags.cacheable ? { cache_max_age: LONG_CACHE } : {});

/** A fresh resource of `endpoint`, asked with a long cache_max_age where the endpoint is cacheable (elsewhere it is refused). */
function pairFor(endpoint: EndpointDefinition, fault: string, params?: Record<string, string>): Pair {
  variant += 1;
  return {
    label: `${endpoint.path} x ${fault}`,
    path: restPath(endpoint.path, { ...(params ?? SCENARIOS[endpoint.path]!(variant)), ...longCache(endpoint) }),
  };
}

const platformHosts = new Set(catalogue.families.flatMap((family) => family.hosts));
const realtyHosts = new Set(catalogue.families.find((family) => family.name === 'realty')!.hosts);
/** Every platform surface, but for realty only the page (its secondary surfaces have rows of their own); inference: the provider. */
const matrixTarget: Where = (request, url) =>
  (platformHosts.has(request.host ?? '') && !realtyHosts.has(request.host ?? '')) ||
  isRedfinPage(request, url) ||
  isProviderRequest(request, url);

describe('fault matrix', () => {
  let gateway: HardeningGateway;
  const counts = { matrix: 0, secondary: 0, fallback: 0, graphql: 0 };

  beforeAll(async () => {
    gateway = await startHardeningGateway();
  });
  afterAll(async () => {
    // eslint-disable-next-line no-console -- issue 8 asks each suite to print its count of cases
    console.log(
      `fault matrix: ${catalogue.endpoints.length} endpoints x ${FAULTS.length} faults = ${counts.matrix} pairs` +
        ` (+ ${counts.secondary} realty secondary-surface pairs, ${counts.fallback} forum fallback pairs, ${counts.graphql} GraphQL pairs)`,
    );
    await gateway?.close();
  });

  /**
   * Runs the pairs at once under the fault, checks the error and the ledger, lifts the fault,
   * and checks each resource is then fetched live and paid: a failure was never cached.
   */
  async function runPairs(pairs: Pair[], reply: Fault['reply'], where: Where, expected: Expected): Promise<void> {
    const before = await balance(gateway);
    gateway.setFault(reply, where);
    const faulted = await Promise.all(pairs.map((pair) => get(gateway, pair.path)));
    await gateway.clearFault();
    expect(faulted.flatMap((response, index) => faultProblems(pairs[index]!.label, response, expected))).toEqual([]);
    expect(await balance(gateway), 'the ledger moved on failed requests').toBe(before);

    const healthy = await Promise.all(pairs.map((pair) => get(gateway, pair.path)));
    expect(healthy.flatMap((response, index) => paidProblems(`${pairs[index]!.label}, then healthy`, response))).toEqual([]);
    expect(await balance(gateway)).toBe(before - pairs.length);
  }

  it('has a healthy scenario for every endpoint of the catalogue', () => {
    expect(catalogue.endpoints.filter((endpoint) => SCENARIOS[endpoint.path] === undefined).map((endpoint) => endpoint.path)).toEqual([]);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s on every endpoint: the spec code, 0 credits, nothing cached, then a healthy success',
    async (_name, fault) => {
      const pairs = catalogue.endpoints.map((endpoint) => pairFor(endpoint, fault.name));
      await runPairs(pairs, fault.reply, matrixTarget, fault.expected);
      counts.matrix += pairs.length;
    },
  );

  // The page loads and lacks a section, so the gateway asks a stingray endpoint, which fails.
  const SECONDARY: [string, string, Record<string, string>, RegExp][] = [
    [
      '/v1/realty/for-sale',
      'belowTheFold',
      { url: `https://www.redfin.com${SALE_SECONDARY_PATH}` },
      /^\/stingray\/api\/home\/details\/belowTheFold$/,
    ],
    ['/v1/realty/search', 'gis', { url: `https://www.redfin.com${ZIP_SECONDARY_PATH}` }, /^\/stingray\/api\/gis$/],
  ];
  // A readable answer of another shape is not a failure there: the section is dropped (realty README).
  const WRONG_SHAPE = 'valid JSON of the wrong shape';
  const SECONDARY_FAULTS = FAULTS.map((fault) => fault.name).filter((name) => name !== WRONG_SHAPE);

  it.each(SECONDARY_FAULTS)('realty: %s on a secondary surface under a healthy page fails the same way, uncharged', async (name) => {
    const fault = faultNamed(name);
    for (const [path, surface, params, surfacePath] of SECONDARY) {
      const endpoint = catalogue.byPath.get(path)!;
      const pair = pairFor(endpoint, `${name} on ${surface}`, { url: `${params.url!}?variant=${variant + 1}` });
      await runPairs(
        [pair],
        fault.reply,
        (request, url) => request.host === 'www.redfin.com' && surfacePath.test(url.pathname),
        fault.expected,
      );
      counts.secondary += 1;
    }
  });

  it("realty: a wrongly shaped belowTheFold under a healthy page is the page's listing, charged once, and not a failure", async () => {
    const fault = faultNamed(WRONG_SHAPE);
    const before = await balance(gateway);
    gateway.setFault(
      fault.reply,
      (request, url) => request.host === 'www.redfin.com' && url.pathname === '/stingray/api/home/details/belowTheFold',
    );
    const pair = pairFor(catalogue.byPath.get('/v1/realty/for-sale')!, `${WRONG_SHAPE} on belowTheFold`, {
      url: `https://www.redfin.com${SALE_SECONDARY_PATH}?variant=${variant + 1}`,
    });
    const response = await get(gateway, `${pair.path}&include_raw=true`);
    await gateway.clearFault();
    expect(paidProblems(pair.label, response)).toEqual([]);
    expect(response.body.data).toMatchObject({ id: '90000001', price: 615000 });
    expect(await balance(gateway)).toBe(before - 1);
    counts.secondary += 1;
  });

  // Family README "Fallbacks": blocked or rate-limited JSON, healthy alternate surface.
  const FALLBACKS: [string, string][] = [
    ['/v1/forum/post', 'atom'],
    ['/v1/forum/search', 'atom'],
    ['/v1/forum/subreddit', 'atom'],
    ['/v1/forum/user/posts', 'atom'],
    ['/v1/forum/subreddit/details', 'html'],
  ];
  const FALLBACK_FAULTS = ['403 HTML block page', '403 JSON', '429 with Retry-After', '429 without Retry-After'];
  const jsonSurface: Where = (request, url) => request.host === 'www.reddit.com' && url.pathname.endsWith('.json');

  it.each(FALLBACK_FAULTS)('forum: %s on the JSON surface with a healthy alternate surface is a paid success via it', async (name) => {
    const fault = faultNamed(name);
    const before = await balance(gateway);
    gateway.setFault(fault.reply, jsonSurface);
    const responses = await Promise.all(
      FALLBACKS.map(async ([path, via]) => {
        const pair = pairFor(catalogue.byPath.get(path)!, `${name} (fallback)`);
        return { pair, via, response: await get(gateway, `${pair.path}&include_raw=true`) };
      }),
    );
    await gateway.clearFault();
    const problems = responses.flatMap(({ pair, via, response }) => [
      ...paidProblems(pair.label, response),
      ...(response.body.raw?.via === via ? [] : [`${pair.label}: raw.via ${response.body.raw?.via}, expected ${via}`]),
    ]);
    expect(problems).toEqual([]);
    expect(await balance(gateway)).toBe(before - FALLBACKS.length);
    counts.fallback += FALLBACKS.length;
  });

  it.each(GRAPHQL_SAMPLE)(
    'GraphQL: %s on every root field: the code, its HTTP status, 0 credits, then a healthy live result',
    async (name) => {
      const fault = faultNamed(name);
      const calls: GraphqlCall[] = catalogue.endpoints.map((endpoint) => {
        variant += 1;
        return graphqlCall(endpoint, { ...SCENARIOS[endpoint.path]!(variant), ...longCache(endpoint) });
      });
      const before = await balance(gateway);
      gateway.setFault(fault.reply, matrixTarget);
      const faulted = await Promise.all(calls.map((call) => gateway.harness.graphql(call.query, call.variables, HARDENING_KEY)));
      await gateway.clearFault();
      const problems = faulted.flatMap((response, index) => {
        const { field } = calls[index]!;
        const error = response.body.errors?.[0];
        const found = [];
        if (response.status >= 500 && response.status !== fault.expected.status) found.push(`${field}: HTTP ${response.status}`);
        if (response.body.data?.[field] !== null && response.body.data !== null)
          found.push(`${field}: data ${JSON.stringify(response.body.data)}`);
        if (error?.extensions?.code !== fault.expected.code || error?.extensions?.http?.status !== fault.expected.status)
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
          billing?.creditsCharged === 1 &&
          billing?.liveFetches === 1 &&
          billing?.cacheHits === 0
          ? []
          : [`${field}, then healthy: ${JSON.stringify(response.body).slice(0, 300)}`];
      });
      expect(healthyProblems).toEqual([]);
      expect(await balance(gateway)).toBe(before - calls.length);
      counts.graphql += calls.length;
    },
  );

  it('never asked the fake upstream for an undeclared host, nor followed the off-host redirect', () => {
    expect(gateway.undeclaredHosts()).toEqual([]);
    expect(gateway.requests().some((request) => request.url.includes(FOREIGN_HOST))).toBe(false);
  });
});
