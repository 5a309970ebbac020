import fc from 'fast-check';
import { z } from 'zod';
import type { EndpointDefinition } from '../../../src/catalogue/endpoint.js';
import { catalogue } from '../../support/registered-catalogue.js';
import { ERROR_STATUS } from '../../../src/errors.js';
import { requestSchema } from '../../../src/pipeline/params.js';
import { SCENARIOS } from './healthy-families.js';
import { hostileString, urlTricks } from './fuzz-values.js';
import { ATTACKER_DOMAIN, IMAGE_HOST } from './image-hosts.js';
import { declaredHostsOf } from './network-guard.js';
import { parseAnswer } from './fuzz-suite.js';

/**
 * What the fuzz suites generate and what they accept back: per endpoint, the parameters the
 * catalogue declares (plus the common options), plausible values that pass validation, and
 * hostile ones; and the well-formedness rules of the REST envelope.
 */

interface PropertySchema {
  enum?: unknown[];
  anyOf?: PropertySchema[];
  default?: unknown;
}

/** Parameter names (REST spelling) with values that pass validation, from the schema and the healthy scenario. */
export function plausibleValues(endpoint: EndpointDefinition): Record<string, string[]> {
  const schema = z.toJSONSchema(requestSchema(endpoint), { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, PropertySchema>;
  };
  const scenario = SCENARIOS[endpoint.path]?.(1) ?? {};
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => {
      const enums = [...(property.enum ?? []), ...(property.anyOf ?? []).flatMap((option) => option.enum ?? [])].map(String);
      const values = [
        ...(scenario[name] === undefined ? [] : [scenario[name]]),
        ...enums,
        ...(property.default === undefined ? [] : [String(property.default)]),
      ];
      const common = name === 'cache_max_age' ? ['7d', '30s', 'PT1H', '0'] : [];
      return [name, [...new Set([...values, ...common])]];
    }),
  );
}

/** The hosts the endpoint's family may reach (the network guard's notion of declared): platform hosts, or a provider family's provider host. */
export const familyHosts = (endpoint: EndpointDefinition): readonly string[] => declaredHostsOf(catalogue.familyOf(endpoint).name);

/** How many of a family's caller-named hosts the URL tricks aim at. */
const TRICKED_CALLER_HOSTS = 2;

/**
 * The hosts URL tricks aim at: the family's own platform hosts and the first few hosts its
 * callers name (a store the fake answers: every trick on one is a trick on any), and for a
 * provider family also the public image host of its scenario (a trick around it must not get a
 * private address to the provider).
 */
export function trickHosts(endpoint: EndpointDefinition): readonly string[] {
  const family = catalogue.familyOf(endpoint);
  if (family.providerEnv !== undefined) return [...familyHosts(endpoint), IMAGE_HOST];
  const named = familyHosts(endpoint).filter((host) => !family.hosts.includes(host));
  return [...family.hosts, ...named.slice(0, TRICKED_CALLER_HOSTS)];
}

/**
 * One image URL for a provider family's endpoint, hostile as a whole: every URL trick on its
 * hosts, attacker names (whose addresses hide a loopback one) and random web URLs (names the
 * resolver refuses, IP literals public or not). A query with one such `url` always reaches the
 * endpoint's own checks, which the general query mix reaches only now and then.
 */
export function hostileImageUrl(endpoint: EndpointDefinition): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...trickHosts(endpoint).flatMap(urlTricks)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `https://${ATTACKER_DOMAIN}/a.jpg`,
        `https://${IMAGE_HOST}.${ATTACKER_DOMAIN}/a.jpg`,
        `http://cdn.${ATTACKER_DOMAIN}:8080/a.jpg?x=${IMAGE_HOST}`,
      ),
    },
    { weight: 2, arbitrary: fc.webUrl({ validSchemes: ['http', 'https', 'ftp'], withQueryParameters: true, withFragments: true }) },
  );
}

/** One query parameter as sent: a name and a value, both percent-encoded, or a raw fragment. */
export type QueryPart = { name: string; value: string } | { raw: string };

const RAW_FRAGMENTS = ['%ZZ', '%', '%00=1', '&&', '==', ';', 'a[b]=1', 'limit[]=1', '__proto__[x]=1', '%E0%A4%A=1', '+', 'url'];

/**
 * Query strings for one endpoint: its own parameters (often several times: `?limit=1&limit=2`)
 * with plausible or hostile values, now and then an unknown name or a malformed raw fragment.
 */
export function queryArbitrary(endpoint: EndpointDefinition): fc.Arbitrary<QueryPart[]> {
  const plausible = plausibleValues(endpoint);
  const names = Object.keys(plausible);
  const hostile = hostileString(trickHosts(endpoint));
  const part: fc.Arbitrary<QueryPart> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) =>
          fc.oneof(plausible[name]!.length > 0 ? fc.constantFrom(...plausible[name]!) : hostile, hostile).map((value) => ({ name, value })),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom('LIMIT', 'cacheMaxAge', 'callback', 'url ', ''), hostile), hostile)
        .map(([name, value]) => ({ name, value })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_FRAGMENTS).map((raw) => ({ raw })) },
  );
  // Usually start from a valid request, so hostile values also reach the fetch code.
  const valid = SCENARIOS[endpoint.path]?.(1) ?? {};
  const base = Object.entries(valid).map(([name, value]) => ({ name, value }));
  return fc
    .tuple(fc.boolean(), fc.array(part, { minLength: 0, maxLength: 6 }))
    .map(([withBase, parts]) => [...(withBase ? base : []), ...parts]);
}

/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) 3-byte UTF-8 form instead of throwing. */
function encodeLoose(value: string): string {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

export function queryString(parts: readonly QueryPart[]): string {
  return parts.map((part) => ('raw' in part ? part.raw : `${encodeLoose(part.name)}=${encodeLoose(part.value)}`)).join('&');
}

const STATUS_OF: Record<string, number> = ERROR_STATUS;

/** What is wrong with a REST answer: anything but a well-formed envelope whose status matches its code. */
export function envelopeProblems(endpoint: EndpointDefinition, status: number, headers: Headers, text: string): string[] {
  const answer = parseAnswer(status, text);
  if ('problems' in answer) return answer.problems;
  const { body } = answer;
  const charged = headers.get('x-credits-charged');
  if (body.success === true) {
    const meta = body.meta ?? {};
    const problems: string[] = [];
    if (status !== 200) problems.push(`success with status ${status}`);
    if (!('data' in body)) problems.push('success without data');
    if (meta.creditsCharged !== 0 && meta.creditsCharged !== endpoint.flags.creditCost) problems.push(`charged ${meta.creditsCharged}`);
    if (meta.empty === true && meta.creditsCharged !== 0) problems.push('an empty result was charged');
    if (typeof meta.cached !== 'boolean' || typeof meta.fetchedAt !== 'string') problems.push(`meta ${JSON.stringify(meta)}`);
    if (charged !== String(meta.creditsCharged)) problems.push(`x-credits-charged ${charged} vs meta ${meta.creditsCharged}`);
    if (endpoint.returns.kind === 'list' && !Array.isArray(body.data?.items)) problems.push('list without data.items');
    return problems;
  }
  const problems: string[] = [];
  const code = body.error?.code as string | undefined;
  if (body.success !== false || code === undefined || STATUS_OF[code] === undefined)
    return [`status ${status}, not an envelope: ${text.slice(0, 300)}`];
  if (STATUS_OF[code] !== status) problems.push(`${code} with status ${status}`);
  if (code === 'internal_error') problems.push(`internal_error: ${text.slice(0, 300)}`);
  if (typeof body.error.message !== 'string' || typeof body.error.retryable !== 'boolean')
    problems.push(`error fields ${JSON.stringify(body.error)}`);
  if (body.meta?.creditsCharged !== 0) problems.push(`error charged ${body.meta?.creditsCharged}`);
  if (status !== 401 && charged !== '0') problems.push(`error with x-credits-charged ${charged}`);
  return problems;
}
