import fc from 'fast-check';
import { getNamedType, type GraphQLArgument } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { EndpointDefinition } from '../../src/catalogue/endpoint.js';
import { catalogue } from '../support/registered-catalogue.js';
import { ERROR_STATUS } from '../../src/errors.js';
import { fuzzRuns, hostileString } from './support/fuzz-values.js';
import { camelCase, rootField, selectionOf } from './support/graphql-calls.js';
import { balance, HARDENING_KEY } from './support/hardening-gateway.js';
import { guardLog, resetGuard } from './support/network-guard.js';
import { fuzzSuite, parseAnswer } from './support/fuzz-suite.js';
import { familyHosts, hostileImageUrl, plausibleValues, trickHosts } from './support/request-shapes.js';

/**
 * Issue 8 item 2, GraphQL: generated arguments for every root field (read from the served
 * schema), as inline literals or as variables, of the right or the wrong type. Every answer
 * is a well-formed GraphQL result (never a 500 or an internal error, billing reported and
 * never more than the field's cost), no upstream request leaves the family's hosts (for a
 * provider family: its provider, with a public image URL), and no name goes to real DNS.
 */

vi.mock('undici', async (importOriginal) => {
  const { guardedUndici } = await import('./support/network-guard.js');
  return guardedUndici(await importOriginal());
});
vi.mock('node:dns', async (importOriginal) => {
  const { guardedDns } = await import('./support/network-guard.js');
  return guardedDns(await importOriginal());
});

const RUNS_PER_FIELD = fuzzRuns(40);

/** A GraphQL value (inline literal or variable value). */
type Value = string | number | boolean | null | Value[] | { [name: string]: Value };

function literal(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([name, each]) => `${name}: ${literal(each)}`)
    .join(', ')}}`;
}

interface ArgCase {
  name: string;
  value: Value;
  /** Inline in the document, or as a variable declared with `declaredType`. */
  inline: boolean;
  declaredType: string;
}

function valueArbitrary(endpoint: EndpointDefinition, restName: string): fc.Arbitrary<Value> {
  const plausible = plausibleValues(endpoint)[restName] ?? [];
  const hostile = hostileString(trickHosts(endpoint));
  const scalar = fc.oneof(
    hostile,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.integer({ min: -10, max: 600 }),
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary:
        plausible.length > 0
          ? fc
              .constantFrom(...plausible)
              .map((value): Value =>
                /^-?\d+$/.test(value) ? Number(value) : value === 'true' || value === 'false' ? value === 'true' : value,
              )
          : hostile,
    },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'url', 'href'), scalar, { maxKeys: 2 }) },
  );
}

function argArbitrary(endpoint: EndpointDefinition, arg: GraphQLArgument): fc.Arbitrary<ArgCase> {
  const restName = arg.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const declared = fc.oneof(
    { weight: 4, arbitrary: fc.constant(String(arg.type)) },
    { weight: 1, arbitrary: fc.constantFrom('String', 'Int', 'Float', 'Boolean', 'ID', '[String]', 'String!', 'JSON') },
  );
  return fc.record({
    name: fc.constant(arg.name),
    value: valueArbitrary(endpoint, restName),
    inline: fc.boolean(),
    declaredType: declared,
  });
}

interface GraphqlCase {
  query: string;
  variables: Record<string, Value>;
}

/** A document calling the endpoint's root field with generated arguments, sometimes repeated or unknown ones. */
function caseArbitrary(endpoint: EndpointDefinition): fc.Arbitrary<GraphqlCase> {
  const field = rootField(endpoint);
  const known = fc.constantFrom(...field.args).chain((arg) => argArbitrary(endpoint, arg));
  const unknown = fc.record({
    name: fc.constantFrom('bogus', 'url_', 'cache_max_age', 'limit2'),
    value: fc.string({ maxLength: 5 }) as fc.Arbitrary<Value>,
    inline: fc.constant(true),
    declaredType: fc.constant('String'),
  });
  const required = field.args.filter((arg) => String(arg.type).endsWith('!'));
  return fc
    .tuple(
      fc.tuple(...required.map((arg) => argArbitrary(endpoint, arg))),
      fc.array(fc.oneof({ weight: 6, arbitrary: known }, { weight: 1, arbitrary: unknown }), { maxLength: 3 }),
    )
    .map(([first, more]) => {
      const args = [...first, ...more];
      const variables: Record<string, Value> = {};
      const declarations: string[] = [];
      const uses = args.map((arg, index) => {
        if (arg.inline) return `${arg.name}: ${literal(arg.value)}`;
        const variable = `v${index}`;
        variables[variable] = arg.value;
        declarations.push(`$${variable}: ${arg.declaredType}`);
        return `${arg.name}: $${variable}`;
      });
      const header = declarations.length > 0 ? `(${declarations.join(', ')})` : '';
      return { query: `query Fuzz${header} { ${field.name}(${uses.join(', ')}) ${selectionOf(field)} }`, variables };
    });
}

const KNOWN_CODES = new Set<string>([...Object.keys(ERROR_STATUS), 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_USER_INPUT']);

/** What is wrong with a GraphQL answer. */
function resultProblems(endpoint: EndpointDefinition, status: number, text: string): string[] {
  const answer = parseAnswer(status, text);
  if ('problems' in answer) return answer.problems;
  const { body } = answer;
  const problems: string[] = [];
  if (!('data' in body) && !Array.isArray(body.errors)) problems.push(`neither data nor errors: ${text.slice(0, 300)}`);
  for (const error of (body.errors ?? []) as Record<string, any>[]) {
    const code = error.extensions?.code as string | undefined;
    if (typeof error.message !== 'string') problems.push(`error without message: ${JSON.stringify(error)}`);
    if (code !== undefined && !KNOWN_CODES.has(code)) problems.push(`unknown code ${code}: ${error.message}`);
    if (code === 'internal_error' || /^Unexpected error/.test(error.message ?? ''))
      problems.push(`internal error: ${JSON.stringify(error).slice(0, 300)}`);
    if (code !== undefined && code in ERROR_STATUS && error.extensions?.http?.status !== ERROR_STATUS[code as keyof typeof ERROR_STATUS]) {
      problems.push(`${code} with extensions.http.status ${error.extensions?.http?.status}`);
    }
  }
  const billing = body.extensions?.billing;
  if ('data' in body && body.data !== null && billing !== undefined) {
    if (!(billing.creditsCharged === 0 || billing.creditsCharged === endpoint.flags.creditCost))
      problems.push(`billing ${JSON.stringify(billing)}`);
    if ((body.errors?.length ?? 0) > 0 && billing.creditsCharged !== 0)
      problems.push(`charged with errors: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return problems;
}

describe('GraphQL fuzz', () => {
  const tally = fuzzSuite(
    ({ cases, upstreamRequests, imageCases }) =>
      `GraphQL fuzz: ${cases} cases over ${catalogue.endpoints.length} root fields, ${upstreamRequests} upstream requests (${RUNS_PER_FIELD} per field + ${imageCases} single hostile image URLs on provider endpoints; HARDENING_FUZZ_RUNS to change)`,
  );

  it('every root field of the schema is a catalogue endpoint, and every endpoint has one', () => {
    for (const endpoint of catalogue.endpoints) {
      const field = rootField(endpoint);
      const restNames = Object.keys(plausibleValues(endpoint)).map(camelCase);
      // A list field is also a Relay connection: first/after beside the REST parameters (a REST `after` is the same argument).
      const relayNames = endpoint.returns.kind === 'list' ? ['first', 'after'] : [];
      expect(field.args.map((arg) => arg.name).sort()).toEqual([...new Set([...restNames, ...relayNames])].sort());
      expect(getNamedType(field.type)).toBeDefined();
    }
  });

  it.each(catalogue.endpoints.map((endpoint) => [endpoint.graphqlField, endpoint] as const))(
    '%s: generated arguments give well-formed results, no 500, no undeclared host',
    async (_field, endpoint) => {
      const hosts = new Set(familyHosts(endpoint));
      await fc.assert(
        fc.asyncProperty(caseArbitrary(endpoint), async (call) => {
          resetGuard();
          const response = await fetch(`${tally.gateway.harness.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': HARDENING_KEY },
            body: JSON.stringify(call),
          });
          const text = await response.text();
          tally.cases += 1;
          tally.upstreamRequests += guardLog.hosts.length;
          const problems = resultProblems(endpoint, response.status, text);
          problems.push(...guardLog.violations.map((violation) => `network guard: ${violation}`));
          problems.push(
            ...guardLog.hosts
              .filter((host) => !hosts.has(host))
              .map((host) => `asked ${host}, not a host of the ${endpoint.family} family`),
          );
          const billing = (JSON.parse(text) as { extensions?: { billing?: { creditsCharged?: number } } }).extensions?.billing;
          tally.charged += billing?.creditsCharged ?? 0;
          expect(problems, call.query.slice(0, 500)).toEqual([]);
        }),
        { numRuns: RUNS_PER_FIELD },
      );
    },
  );

  const providerEndpoints = catalogue.endpoints.filter((endpoint) => catalogue.familyOf(endpoint).providerEnv !== undefined);
  it.each(providerEndpoints.map((endpoint) => [endpoint.graphqlField, endpoint] as const))(
    '%s: a hostile image URL reaches nothing but the provider, and the provider only when its host is public',
    async (_field, endpoint) => {
      const hosts = new Set(familyHosts(endpoint));
      const field = rootField(endpoint);
      await fc.assert(
        fc.asyncProperty(hostileImageUrl(endpoint), async (url) => {
          resetGuard();
          tally.imageCases += 1;
          const response = await fetch(`${tally.gateway.harness.baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': HARDENING_KEY },
            body: JSON.stringify({
              query: `query Image($url: String!) { ${field.name}(url: $url) ${selectionOf(field)} }`,
              variables: { url },
            }),
          });
          const text = await response.text();
          tally.cases += 1;
          tally.upstreamRequests += guardLog.hosts.length;
          const problems = resultProblems(endpoint, response.status, text);
          problems.push(...guardLog.violations.map((violation) => `network guard: ${violation}`));
          problems.push(
            ...guardLog.hosts
              .filter((host) => !hosts.has(host))
              .map((host) => `asked ${host}, not the ${endpoint.family} family's provider`),
          );
          tally.charged +=
            (JSON.parse(text) as { extensions?: { billing?: { creditsCharged?: number } } }).extensions?.billing?.creditsCharged ?? 0;
          expect(problems, url).toEqual([]);
        }),
        { numRuns: RUNS_PER_FIELD * 2 },
      );
    },
  );

  it('the ledger moved by exactly the credits the results reported, and the guard saw real upstream traffic', async () => {
    expect(tally.upstreamRequests).toBeGreaterThan(0);
    expect(tally.gateway.provider.requests.length, 'the provider was reached').toBeGreaterThan(0);
    expect(tally.before - (await balance(tally.gateway))).toBe(tally.charged);
    expect(tally.gateway.undeclaredHosts()).toEqual([]);
  });
});
